// Webhooks cannot target the service's own network: internal addresses are refused when a
// subscription is created or changed, and again at delivery, against every address the name
// resolves to, with the connection pinned to the checked address. WEBHOOK_ALLOWED_HOSTS lets an
// operator allow listed internal receivers (the other webhook suites go through it).
import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isAddressAllowed, postWebhook } from "@locale/core/webhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let user: TestUser;
let receiver: http.Server;
let receiverPort: number;
let received = 0;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOWED_HOSTS: "", WEBHOOK_TIMEOUT_MS: "2000" });
  user = await signUpUser(server);
  receiver = http.createServer((req, res) => {
    received++;
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const INTERNAL_URLS = [
  "http://127.0.0.1/hook",
  "http://127.1.2.3:8080/hook",
  "http://localhost:3000/hook",
  "http://api.localhost/hook",
  "http://[::1]/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://0.0.0.0/",
  "http://2130706433/",
  "http://0x7f.1/",
  "http://10.0.0.5/",
  "http://172.16.3.4/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://[fe80::1]/",
  "http://[fc00::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[64:ff9b::a00:1]/",
  "http://224.0.0.1/",
];

describe("webhook targets at creation", () => {
  it("refuses internal addresses and local names with 400 on create and update", async () => {
    for (const url of INTERNAL_URLS) {
      const res = await server.request("POST", `/api/organizations/${user.orgId}/webhooks`, {
        apiKey: user.apiKey,
        body: { url, events: ["*"] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "url" }] });
      expect(res.body.message).toMatch(/^url: must not point at /);
    }
    const list = await server.request("GET", `/api/organizations/${user.orgId}/webhooks`, { apiKey: user.apiKey });
    expect(list.body).toEqual([]);

    const ok = await server.request("POST", `/api/organizations/${user.orgId}/webhooks`, {
      apiKey: user.apiKey,
      body: { url: "http://93.184.215.14/hook", events: ["*"] },
    });
    expect(ok.status).toBe(201);
    const patch = await server.request("PATCH", `/api/organizations/${user.orgId}/webhooks/${ok.body._id}`, {
      apiKey: user.apiKey,
      body: { url: "http://169.254.169.254/" },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.issues[0].path).toBe("url");
  });

  it("accepts an internal host the operator listed (name, address or CIDR range)", async () => {
    const listed = await startTestServer({ WEBHOOK_ALLOWED_HOSTS: "receiver.internal, 10.1.0.0/16,[::1]" });
    try {
      const owner = await signUpUser(listed);
      for (const url of ["http://receiver.internal/hook", "http://10.1.2.3/hook", "http://[::1]:9/hook"]) {
        const res = await listed.request("POST", `/api/organizations/${owner.orgId}/webhooks`, {
          apiKey: owner.apiKey,
          body: { url, events: ["*"] },
        });
        expect(res.status, url).toBe(201);
      }
      const other = await listed.request("POST", `/api/organizations/${owner.orgId}/webhooks`, {
        apiKey: owner.apiKey,
        body: { url: "http://10.2.0.1/hook", events: ["*"] },
      });
      expect(other.status).toBe(400);
    } finally {
      await listed.close();
    }
  });
});

describe("webhook targets at delivery", () => {
  async function hookStoredWith(url: string): Promise<string> {
    // As if created before the rule existed, or while its name still pointed elsewhere.
    const hook = await server.db.prisma.webhook.create({
      data: { organizationId: user.orgId, url, events: ["*"], secret: "whsec_test", createdById: user.userId },
    });
    return hook.id;
  }

  it("refuses to deliver to an internal address, and the receiver gets nothing", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"]) {
      const before = received;
      const id = await hookStoredWith(`http://${host}:${receiverPort}/hook`);
      const res = await server.request("POST", `/api/organizations/${user.orgId}/webhooks/${id}/test`, { apiKey: user.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
      expect(res.body.error).toMatch(
        /^(Address \S+|An address localhost resolves to) is not allowed for webhooks \(see WEBHOOK_ALLOWED_HOSTS\)$/,
      );
      expect(received).toBe(before);
    }
  });

  it("checks every address a name resolves to and connects only to a checked one (no DNS rebinding)", async () => {
    const lookups: string[] = [];
    const spy = vi.spyOn(dns, "lookup").mockImplementation(((
      hostname: string,
      _options: unknown,
      callback: (...args: unknown[]) => void,
    ) => {
      lookups.push(hostname);
      // A public address first, an internal one second: one bad address is enough to refuse.
      if (hostname === "mixed.example")
        return callback(null, [
          { address: "93.184.215.14", family: 4 },
          { address: "10.0.0.1", family: 4 },
        ]);
      // A name the operator listed, answered with the receiver's address.
      if (hostname === "receiver.example") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    }) as never);
    const options = { timeoutMs: 2000, allowedHosts: ["receiver.example"] };

    const mixed = await postWebhook(`http://mixed.example:${receiverPort}/hook`, {}, "{}", options);
    expect(mixed).toMatchObject({
      ok: false,
      responseStatus: null,
      // Never the address itself: the delivery log would answer DNS questions about the internal network.
      error: "An address mixed.example resolves to is not allowed for webhooks (see WEBHOOK_ALLOWED_HOSTS)",
    });

    const before = received;
    const pinned = await postWebhook(`http://receiver.example:${receiverPort}/hook`, { "content-type": "application/json" }, "{}", options);
    expect(pinned).toMatchObject({ ok: true, responseStatus: 204, error: null });
    expect(received).toBe(before + 1);
    // One resolution per attempt, made by the checked lookup itself: nothing resolves the name again.
    expect(lookups).toEqual(["mixed.example", "receiver.example"]);
    spy.mockRestore();
  });

  it("classifies addresses: public unicast only, unless listed", () => {
    expect(isAddressAllowed("a.example", "93.184.215.14", [])).toBe(true);
    expect(isAddressAllowed("a.example", "2606:4700::1111", [])).toBe(true);
    for (const address of ["127.0.0.1", "::1", "10.0.0.1", "169.254.169.254", "::ffff:10.0.0.1", "0.0.0.0", "fd00::1", "192.0.2.1"]) {
      expect(isAddressAllowed("a.example", address, []), address).toBe(false);
    }
    expect(isAddressAllowed("a.example", "127.0.0.1", ["127.0.0.0/8"])).toBe(true);
    expect(isAddressAllowed("a.example", "10.0.0.1", ["a.example"])).toBe(true);
    expect(isAddressAllowed("a.example", "10.0.0.1", ["b.example", "10.0.1.0/24"])).toBe(false);
  });
});
