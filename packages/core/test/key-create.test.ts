// Creating a key through the core service, as the POST procedure calls it but without HTTP (the
// core tier, test/helpers/core-fixture.ts): the key and its activity entry are written together;
// a duplicate name, a role without the permission, a project token of another project, an archived
// project and a reached key quota are each refused with their error, and leave nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProjectActivity } from "../src/activity/list-project-activity";
import type { ServiceContext } from "../src/context";
import { createKey } from "../src/keys/create-key";
import { getKey } from "../src/keys/get-key";
import { UNLIMITED } from "../src/limits/quota-config";
import { archiveProject } from "../src/projects/archive-project";
import { createProject } from "../src/projects/create-project";
import { createToken } from "../src/tokens/create-token";
import { type CoreFixture, openCoreFixture } from "./helpers/core-fixture";

let core: CoreFixture;
let owner: ServiceContext;

beforeAll(async () => {
  // The operator's quota settings, as QUOTA_OVERRIDES gives them: two keys for the "Small" organization.
  core = await openCoreFixture({ quotas: { defaults: UNLIMITED, overrides: { small: { keys: 2 } } } });
  owner = await core.signUp("Owner");
});
afterAll(async () => {
  await core?.close();
});

const newProject = async (ctx: ServiceContext) =>
  (await createProject(ctx, { name: "App", sourceLanguage: "en", targetLanguages: ["de"] }))._id;
const keyCount = (projectId: string) => core.db.prisma.key.count({ where: { projectId } });
const createdEntries = async (ctx: ServiceContext, projectId: string) =>
  (await listProjectActivity(ctx, projectId, { action: "key.created", limit: 100 })).data;

describe("creating a key (core, no HTTP)", () => {
  it("writes the key and its key.created activity entry", async () => {
    const projectId = await newProject(owner);
    const key = await createKey(owner, projectId, { key: "checkout.title", namespace: "web", description: "Page title", maxLength: 40 });
    expect(key).toMatchObject({ key: "checkout.title", namespace: "web", description: "Page title", maxLength: 40, projectId });
    expect(await getKey(owner, projectId, key._id)).toMatchObject({ _id: key._id, key: "checkout.title", namespace: "web" });
    expect(await createdEntries(owner, projectId)).toMatchObject([
      {
        userId: owner.actor.userId,
        targetId: key._id,
        targetType: "key",
        metadata: { keyId: key._id, key: "checkout.title", namespace: "web" },
      },
    ]);
  });

  it("refuses a name already taken in the namespace (409), not in another namespace", async () => {
    const projectId = await newProject(owner);
    await createKey(owner, projectId, { key: "title" });
    await expect(createKey(owner, projectId, { key: "title" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await keyCount(projectId)).toBe(1);
    expect(await createdEntries(owner, projectId)).toHaveLength(1);
    await createKey(owner, projectId, { key: "title", namespace: "mobile" });
    expect(await keyCount(projectId)).toBe(2);
  });

  it("refuses a translator (403) and a project token of another project (404)", async () => {
    const projectId = await newProject(owner);
    const translator = await core.member(owner, "translator");
    await expect(createKey(translator, projectId, { key: "a" })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const other = await newProject(owner);
    const token = await createToken(owner, { name: "CI", projectId: other });
    const ci = await core.withApiKey(token.token);
    await expect(createKey(ci, projectId, { key: "a" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await keyCount(projectId)).toBe(0);
    // The same token creates keys in its own project.
    await createKey(ci, other, { key: "a" });
    expect(await keyCount(other)).toBe(1);
  });

  it("refuses a key in an archived project (409)", async () => {
    const projectId = await newProject(owner);
    await archiveProject(owner, projectId);
    await expect(createKey(owner, projectId, { key: "late" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await keyCount(projectId)).toBe(0);
  });

  it("refuses the key past the organization's quota (403 quota.keys) and writes nothing for it", async () => {
    const small = await core.signUp("Small owner", "Small");
    const first = await newProject(small);
    const second = await newProject(small);
    await createKey(small, first, { key: "one" });
    await createKey(small, second, { key: "two" });
    const refusal = createKey(small, second, { key: "three" });
    await expect(refusal).rejects.toMatchObject({ code: "FORBIDDEN", issues: [{ code: "quota.keys" }] });
    expect(await keyCount(second)).toBe(1);
    expect(await createdEntries(small, second)).toHaveLength(1);
    // Other organizations keep the default (unlimited).
    const projectId = await newProject(owner);
    for (const key of ["x", "y", "z"]) await createKey(owner, projectId, { key });
    expect(await keyCount(projectId)).toBe(3);
  });
});
