// A small S3-compatible server for tests, speaking the S3 REST protocol (path-style addressing)
// over a real socket: PutObject, GetObject and DeleteObject on one bucket, with S3's XML errors.
// It checks that every request is signed with AWS Signature V4 by the expected access key (it
// does not recompute the signature: the SDK's signing is not what these tests are about).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface S3TestServer {
  url: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; key: string }[];
  /** While set, every request answers 503 (SlowDown): the storage is away. */
  failing: boolean;
  close(): Promise<void>;
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startS3Server(options: { bucket: string; accessKeyId: string }): Promise<S3TestServer> {
  const state: S3TestServer = {
    url: "",
    bucket: options.bucket,
    objects: new Map(),
    requests: [],
    failing: false,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://s3.local");
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      state.requests.push({ method: req.method ?? "", key });
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
        return xmlError(res, 403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
      }
      if (state.failing) return xmlError(res, 503, "SlowDown", "Please reduce your request rate.");
      if (bucket !== options.bucket) return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
      if (req.method === "PUT") {
        state.objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers["content-type"] ?? "binary/octet-stream" });
        res.writeHead(200, { etag: '"test"' });
        return res.end();
      }
      if (req.method === "GET") {
        const object = state.objects.get(key);
        if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
        res.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
        return res.end(object.body);
      }
      if (req.method === "DELETE") {
        state.objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}
