// One signed POST to a subscriber, pinned to addresses that passed the target check: the host
// name is resolved once, by our own lookup, every address it returns is checked, and the socket
// connects to one of exactly those — a DNS answer that changes between check and connect (DNS
// rebinding) cannot switch the connection to an internal address. Redirects are not followed.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isAddressAllowed, WebhookTargetError } from "./webhook-address";

const RESPONSE_BODY_LIMIT = 2048;

export interface PostResult {
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  ok: boolean;
  durationMs: number;
}

/** The delivery log is read by the organization's admins: it never says what a name resolved to. */
function blocked(host: string, address: string): WebhookTargetError {
  const what = host === address ? `Address ${address}` : `An address ${host} resolves to`;
  return new WebhookTargetError(`${what} is not allowed for webhooks (see WEBHOOK_ALLOWED_HOSTS)`);
}

/** A `lookup` for sockets that refuses to connect when any address of the name is not allowed. */
export function checkedLookup(allowedHosts: string[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return (callback as (e: Error) => void)(error);
      const refused = addresses.find((a) => !isAddressAllowed(hostname, a.address, allowedHosts));
      if (refused || addresses.length === 0) {
        return (callback as (e: Error) => void)(refused ? blocked(hostname, refused.address) : new Error(`No address for ${hostname}`));
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** POSTs `body`; never throws: failures come back as `error` text for the delivery log. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowedHosts: string[] },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const fail = (error: string) => finish({ responseStatus: null, responseBody: null, error, ok: false });
    let request: http.ClientRequest | undefined;
    const timer = setTimeout(() => {
      fail(`Timed out after ${options.timeoutMs} ms`);
      request?.destroy();
    }, options.timeoutMs);
    // An address literal never goes through `lookup`: check it here.
    if (isIP(host) !== 0 && !isAddressAllowed(host, host, options.allowedHosts)) {
      fail(blocked(host, host).message);
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    request = client.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: checkedLookup(options.allowedHosts),
      agent: false,
    });
    request.on("error", (error: Error & { code?: string }) => fail(describe(error)));
    request.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_BODY_LIMIT);
        finish({ responseStatus: status, responseBody: text, error: ok ? null : `HTTP ${status}`, ok });
        res.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= RESPONSE_BODY_LIMIT) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    request.end(body);
  });
}

function describe(error: Error & { code?: string }): string {
  if (error instanceof WebhookTargetError) return error.message;
  return error.code && !error.message.includes(error.code) ? `${error.message} (${error.code})` : error.message;
}
