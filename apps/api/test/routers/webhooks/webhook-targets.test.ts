// Issue 24 item 6: the webhook URL check at creation knows the forms that slipped through —
// the IPv4-compatible IPv6 literal `[::127.0.0.1]` and a local name with the root's trailing dot
// (`localhost.`) — over REST and tRPC (GraphQL has no webhook operations), and no refusal (at
// creation or in the delivery log) names the internal address a host name resolves to.
import dns from "node:dns";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOWED_HOSTS: "" });
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Hooks", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const SLIPPED_THROUGH = [
  "http://[::127.0.0.1]/",
  "http://[::7f00:1]:8080/hook",
  "http://[::a9fe:a9fe]/latest/meta-data/",
  "http://[::10.0.0.1]/",
  "http://localhost./",
  "http://localhost../",
  "http://api.localhost./hook",
  "http://LOCALHOST.:3000/",
];

type Create = (url: string) => Promise<{ status: number; message: string }>;

const SURFACES: Record<string, Create> = {
  "REST organization": async (url) => {
    const res = await server.request("POST", `/api/organizations/${user.orgId}/webhooks`, {
      apiKey: user.apiKey,
      body: { url, events: ["*"] },
    });
    return { status: res.status, message: res.body.message };
  },
  "REST project": async (url) => {
    const res = await server.request("POST", `/api/projects/${projectId}/webhooks`, { apiKey: user.apiKey, body: { url, events: ["*"] } });
    return { status: res.status, message: res.body.message };
  },
  tRPC: async (url) => {
    const res = await server.request("POST", "/trpc/webhooks.createOrganizationWebhook", {
      apiKey: user.apiKey,
      body: { orgId: user.orgId, url, events: ["*"] },
    });
    return { status: res.status, message: res.body.error?.message ?? "" };
  },
};

describe.each(Object.keys(SURFACES))("webhook URL check over %s", (surface) => {
  const create = (url: string) => SURFACES[surface]!(url);

  it("refuses IPv4-compatible IPv6 literals and local names written with a trailing dot", async () => {
    const accepted: string[] = [];
    for (const url of SLIPPED_THROUGH) {
      const res = await create(url);
      if (res.status !== 400 || !/^url: must not point at /.test(res.message)) accepted.push(`${url}: ${res.status} ${res.message}`);
    }
    expect(accepted).toEqual([]);
  });

  it("does not say which internal address a name resolves to", async () => {
    const real = dns.promises.lookup;
    vi.spyOn(dns.promises, "lookup").mockImplementation(((hostname: string, options: never) =>
      hostname === "intranet.example" ? Promise.resolve([{ address: "10.20.30.40", family: 4 }]) : real(hostname, options)) as never);
    const res = await create("http://intranet.example/hook");
    expect(res.status).toBe(400);
    expect(res.message).toBe(
      "url: must not point at a host that resolves to an internal address (an operator can allow it with WEBHOOK_ALLOWED_HOSTS)",
    );
    expect(res.message).not.toContain("10.20.30.40");
  });
});

it("keeps a global IPv6 address and a public IPv4 address acceptable", async () => {
  for (const url of ["http://[2606:4700::1111]/hook", "http://93.184.215.14/hook"]) {
    const res = await SURFACES["REST organization"]!(url);
    expect(res.status, url).toBe(201);
  }
});

it("the delivery log does not name the internal address a stored hook's name resolves to", async () => {
  // As if stored while the name still pointed at a public address.
  const hook = await server.db.prisma.webhook.create({
    data: { organizationId: user.orgId, url: "http://rebound.example/hook", events: ["*"], secret: "whsec_test", createdById: user.userId },
  });
  vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) =>
    hostname === "rebound.example"
      ? callback(null, [{ address: "10.20.30.41", family: 4 }])
      : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }))) as never);
  const res = await server.request("POST", `/api/organizations/${user.orgId}/webhooks/${hook.id}/test`, { apiKey: user.apiKey });
  expect(res.status).toBe(200);
  expect(res.body.error).toBe("An address rebound.example resolves to is not allowed for webhooks (see WEBHOOK_ALLOWED_HOSTS)");
  const log = await server.request("GET", `/api/organizations/${user.orgId}/webhooks/${hook.id}/deliveries`, { apiKey: user.apiKey });
  expect(JSON.stringify(log.body)).not.toContain("10.20.30.41");
});
