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
    const res = await fetchOnce(baseUrl + path, { method, headers, body: body as BodyInit | undefined });
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

/**
 * fetch, sent again once when the connection was reset before an answer. On a loaded machine the
 * test process can stay busy past the server's keep-alive timeout (both share one event loop), and
 * fetch then reuses a pooled socket the server is about to close: the request never reached a
 * handler. A second reset is the answer.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    const code = ((e as Error).cause as { code?: string } | undefined)?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw e;
    return await fetch(url, init);
  }
}
