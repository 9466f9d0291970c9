// The core tier's fixture: core services called as a procedure calls them, without the HTTP server.
// It opens a fresh database (PGlite; PostgreSQL in the postgres project) and composes what the
// api's composition root composes: one CoreRuntime and one CoreConfig for the "process" (createApp),
// and per caller an Actor resolved from a real credential (a session made by sign-up or by
// accepting an invitation, or an API key) by the same functions `resolveActor` calls, put together
// into the ServiceContext as `authedProcedure` does. Nothing is inserted behind the services' backs.
import { createTestDb, type Database, type Role } from "@locale/db";
import type { Actor } from "../../src/auth/actor";
import { actorFromApiKey, actorFromSession } from "../../src/auth/resolve-actor";
import { signUp } from "../../src/auth/sign-up";
import { type CoreConfig, DEFAULT_CORE_CONFIG, type ServiceContext, type SystemContext } from "../../src/context";
import { acceptInvitation } from "../../src/invitations/accept-invitation";
import { inviteMember } from "../../src/invitations/invite-member";
import { DEFAULT_MAIL_CONFIG, type OutgoingMail } from "../../src/mail/mail-config";
import { type CoreRuntime, createCoreRuntime } from "../../src/runtime/core-runtime";

export interface CoreFixture {
  db: Database;
  runtime: CoreRuntime;
  config: CoreConfig;
  /** The context of code that runs without a caller (sign-in, the worker). */
  system: SystemContext;
  /** The mails the services sent: no SMTP server, so they go where the api sends them to its log. */
  mails: OutgoingMail[];
  /** Signs a new user up (the owner of a new organization, named `organizationName` if given): their context. */
  signUp(name: string, organizationName?: string): Promise<ServiceContext>;
  /** Invites a new member with `role` into `inviter`'s organization and accepts for them: their context. */
  member(inviter: ServiceContext, role: Role): Promise<ServiceContext>;
  /** The context of a request carrying this API key; throws when the key resolves to no one (a 401). */
  withApiKey(apiKey: string): Promise<ServiceContext>;
  close(): Promise<void>;
}

const PASSWORD = "correct horse battery staple";

export async function openCoreFixture(config: Partial<CoreConfig> = {}): Promise<CoreFixture> {
  const db = await createTestDb();
  const runtime = createCoreRuntime();
  const mails: OutgoingMail[] = [];
  const core: CoreConfig = { ...DEFAULT_CORE_CONFIG, mail: { ...DEFAULT_MAIL_CONFIG, log: (mail) => mails.push(mail) }, ...config };
  const system: SystemContext = { db, config: core, runtime };
  let people = 0;
  const contextOf = (actor: Actor | null): ServiceContext => {
    if (!actor) throw new Error("the credential resolves to no one");
    return { db, actor, config: core, runtime };
  };
  const bySession = async (secret: string) => contextOf(await actorFromSession(db, secret));
  return {
    db,
    runtime,
    config: core,
    system,
    mails,
    async signUp(name, organizationName) {
      const email = `person-${++people}@example.com`;
      const signed = await signUp(system, { email, password: PASSWORD, name, organizationName });
      return bySession(signed.sessionSecret);
    },
    async member(inviter, role) {
      const email = `person-${++people}@example.com`;
      const invitation = await inviteMember(inviter, inviter.actor.organizationId, { email, role });
      const token = new URL(invitation.inviteUrl).searchParams.get("token")!;
      const signed = await acceptInvitation(system, { token, name: `${role} ${people}`, password: PASSWORD });
      return bySession(signed.sessionSecret);
    },
    async withApiKey(apiKey) {
      return contextOf(await actorFromApiKey(db, apiKey));
    },
    close: () => db.close(),
  };
}
