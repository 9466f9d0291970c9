// The few REST calls in-context editing makes, with the translator's own API token
// (`X-API-Key`). Roles, scopes and quality checks are the server's: a refusal comes back as an
// ApiError carrying the server's own message.

export interface ApiSettings {
  /** The service's address, e.g. "https://l10n.example.com" (the /api prefix is added). */
  apiUrl: string;
  projectId: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ErrorBody {
  message?: string;
  issues?: { path?: string; message?: string }[];
}

/** The server's message, with the details of its `issues` (a failed quality check says which). */
function messageOf(status: number, body: ErrorBody | null): string {
  const details = (body?.issues ?? []).map((i) => i.message).filter((m): m is string => !!m && m !== body?.message);
  const message = body?.message ?? `The server answered ${status}`;
  return details.length ? `${message}: ${details.join("; ")}` : message;
}

export interface Api {
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** The key's id, or undefined when the project has no such key. */
  findKeyId(key: string, namespace: string): Promise<string | undefined>;
  currentValue(keyId: string, language: string): Promise<string | undefined>;
  saveValue(keyId: string, language: string, value: string): Promise<void>;
}

export function createApi(settings: ApiSettings, token: () => string | undefined): Api {
  const base = `${settings.apiUrl.replace(/\/+$/, "")}/api/projects/${encodeURIComponent(settings.projectId)}`;
  const keyIds = new Map<string, Promise<string | undefined>>();

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    const apiKey = token();
    if (apiKey) headers["X-API-Key"] = apiKey;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
    });
    const parsed = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, messageOf(response.status, parsed));
    return parsed as T;
  }

  async function lookUp(key: string, namespace: string): Promise<string | undefined> {
    // The search matches substrings of names, descriptions and values: keep the exact name.
    const query = new URLSearchParams({ search: key, limit: "200" });
    if (namespace) query.set("namespace", namespace);
    for (let page = 1; ; page++) {
      query.set("page", String(page));
      const found = await request<{ data: { _id: string; key: string; namespace: string }[]; meta: { totalPages: number } }>(
        "GET",
        `/keys?${query}`,
      );
      const hit = found.data.find((k) => k.key === key && k.namespace === namespace);
      if (hit) return hit._id;
      if (page >= found.meta.totalPages) return undefined;
    }
  }

  return {
    request,
    findKeyId(key, namespace) {
      const name = `${namespace}\u0000${key}`;
      let id = keyIds.get(name);
      if (!id) {
        id = lookUp(key, namespace);
        keyIds.set(name, id);
        // A failed look-up (no token yet, a network error) is tried again next time.
        id.catch(() => keyIds.delete(name));
      }
      return id;
    },
    async currentValue(keyId, language) {
      const all = await request<{ language: string; value: string; source: string | null }[]>(
        "GET",
        `/keys/${encodeURIComponent(keyId)}/translations`,
      );
      const found = all.find((t) => t.language === language);
      return found?.source === null ? undefined : found?.value;
    },
    async saveValue(keyId, language, value) {
      await request("PUT", `/keys/${encodeURIComponent(keyId)}/translations/${encodeURIComponent(language)}`, { value });
    },
  };
}
