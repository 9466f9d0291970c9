// Validation of a subscription's url and events beyond what the router's schema can say.
import { ACTIVITY_ACTIONS } from "../activity/actions";
import { badRequest } from "../errors/app-error";

const KNOWN_EVENTS = new Set<string>(ACTIVITY_ACTIONS);

export function normalizeWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("url: must be an absolute http or https URL", [{ path: "url", message: "must be an absolute http or https URL" }]);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw badRequest("url: must be an absolute http or https URL", [{ path: "url", message: "must be an absolute http or https URL" }]);
  }
  if (parsed.username || parsed.password) {
    throw badRequest("url: must not carry credentials", [{ path: "url", message: "must not carry credentials" }]);
  }
  return parsed.toString();
}

/** Activity action names, or "*" for all of them (which then stands alone). */
export function normalizeWebhookEvents(events: string[]): string[] {
  if (events.length === 0)
    throw badRequest("events: at least one event is required", [{ path: "events", message: "at least one event is required" }]);
  const issues = events
    .map((event, i) => ({ event, i }))
    .filter(({ event }) => event !== "*" && !KNOWN_EVENTS.has(event))
    .map(({ event, i }) => ({ path: `events.${i}`, message: `unknown event "${event}"` }));
  if (issues.length) throw badRequest(issues.map((i) => `${i.path}: ${i.message}`).join("; "), issues);
  if (events.includes("*")) return ["*"];
  return [...new Set(events)];
}
