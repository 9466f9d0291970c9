// The small fetch wrapper of the test servers: credentials from options, a JSON body (or a raw one)
// sent as application/json unless the headers say otherwise, and the answer parsed when it is JSON.
import type { RequestOptions, TestResponse } from "./test-server";

export function jsonRequester(baseUrl: string) {
  return async function request<T = any>(method: string, path: string, o: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.apiKey) headers["x-api-key"] = o.apiKey;
    if (o.cookie) headers.cookie = o.cookie;
    const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
      headers["content-type"] = "application/json";
    const res = await fetch(baseUrl + path, { method, headers, body: body as BodyInit | undefined });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (export downloads, HTML pages)
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  };
}
