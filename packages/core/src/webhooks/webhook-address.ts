// Where a webhook may send: public unicast addresses only, so subscriptions cannot reach the
// service's own network (loopback, private and link-local ranges, cloud metadata at
// 169.254.169.254, IPv4-mapped IPv6, NAT64/6to4 forms that embed such addresses...) and the
// delivery log cannot be used as a port scanner. Operators with an internal receiver list its
// host (name, address or CIDR range) in WEBHOOK_ALLOWED_HOSTS. Checked when a subscription is
// created or changed, and again at every delivery against the addresses the name resolves to then.
import { promises as dns, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { badRequest } from "../errors/app-error";

/** Parses WEBHOOK_ALLOWED_HOSTS: comma-separated host names, IP addresses or CIDR ranges. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** IPv6 global unicast (2000::/3): ipaddr.js calls everything it has no name for "unicast", including
 * the deprecated IPv4-compatible form `::a.b.c.d` (`[::127.0.0.1]` is `::7f00:1`). */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** A public unicast address (ipaddr.js's "unicast" range; for IPv6 also inside 2000::/3). */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null || parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || parsed.match(IPV6_GLOBAL_UNICAST as [ipaddr.IPv6, number]);
}

/** The URL's host name as the resolver reads it: lower case, without the root's trailing dot(s)
 * (`localhost.` is `localhost`). */
export function hostOfUrl(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/\.+$/, "");
}

function isAllowListed(hostOrAddress: string, allowedHosts: string[]): boolean {
  const host = hostOrAddress.toLowerCase().replace(/^\[|\]$/g, "");
  const parsed = parseAddress(host);
  return allowedHosts.some((entry) => {
    if (entry.includes("/") && parsed) {
      try {
        const [range, bits] = ipaddr.parseCIDR(entry);
        return parsed.kind() === range.kind() && parsed.match(range, bits);
      } catch {
        return false;
      }
    }
    const entryAddress = parseAddress(entry);
    if (entryAddress && parsed) return entryAddress.kind() === parsed.kind() && entryAddress.toString() === parsed.toString();
    return entry === host;
  });
}

/** Whether a delivery to `host` (the URL's host name) may connect to `address`. */
export function isAddressAllowed(host: string, address: string, allowedHosts: string[]): boolean {
  return isPublicAddress(address) || isAllowListed(host, allowedHosts) || isAllowListed(address, allowedHosts);
}

const LOCAL_NAMES = /(^|\.)(localhost|localhost\.localdomain|local|internal)$/i;

/** Error of a delivery (or a subscription) whose target is not allowed. */
export class WebhookTargetError extends Error {
  readonly code = "EWEBHOOKTARGET";
}

async function resolveAll(host: string, timeoutMs: number): Promise<LookupAddress[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses (400) a subscription URL whose host is an internal address, a local name, or a name
 * that resolves to an internal address now. A name that does not resolve (yet) is accepted: every
 * delivery checks again. The message never says which address a name resolved to.
 */
export async function assertWebhookTargetAllowed(url: string, allowedHosts: string[], options: { resolveTimeoutMs?: number } = {}) {
  const host = hostOfUrl(url);
  if (isAllowListed(host, allowedHosts)) return;
  const refuse = (why: string): never => {
    const message = `must not point at ${why} (an operator can allow it with WEBHOOK_ALLOWED_HOSTS)`;
    throw badRequest(`url: ${message}`, [{ path: "url", message }]);
  };
  if (parseAddress(host)) {
    if (!isPublicAddress(host)) refuse("a loopback, private, link-local or reserved address");
    return;
  }
  if (LOCAL_NAMES.test(host)) refuse("a local host name");
  const addresses = await resolveAll(host, options.resolveTimeoutMs ?? 3000);
  // The refusal never names the address: it would answer DNS questions about the internal network.
  if ((addresses ?? []).some(({ address }) => !isAddressAllowed(host, address, allowedHosts))) {
    refuse("a host that resolves to an internal address");
  }
}
