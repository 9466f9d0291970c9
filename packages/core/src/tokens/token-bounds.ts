// What a token may mint (docs/api-rules.md "API tokens and scopes"): never more than it was given.
// A session mints anything its role allows; a token only tokens whose scopes it holds itself and
// that expire no later than it does. (A project token never reaches the organization token routes:
// assertOrgLevel refuses them.)
import type { Actor } from "../auth/actor";
import type { Scope } from "../auth/scopes";
import { AppError } from "../errors/app-error";

const refuse = (message: string) => new AppError("FORBIDDEN", message);

export function assertTokenWithinCreator(actor: Actor, scopes: readonly Scope[] | null, expiresAt: Date | null): void {
  if (actor.via !== "token") return;
  if (actor.scopes !== null) {
    if (scopes === null) {
      throw refuse(`This token holds only some scopes; a token it creates must list scopes among its own: ${actor.scopes.join(", ")}`);
    }
    const extra = scopes.filter((s) => !actor.scopes!.includes(s));
    if (extra.length > 0) throw refuse(`This token does not hold ${extra.join(", ")}; a token it creates may only hold its own scopes`);
  }
  if (actor.tokenExpiresAt && (expiresAt === null || expiresAt.getTime() > actor.tokenExpiresAt.getTime())) {
    throw refuse(`This token expires at ${actor.tokenExpiresAt.toISOString()}; a token it creates must expire no later`);
  }
}
