import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { type KeyRecord, toKeyRecord } from "./key-record";
import { loadKey } from "./load-key";

export async function getKey(ctx: ServiceContext, projectId: string, keyId: string): Promise<KeyRecord> {
  const project = await loadProject(ctx, projectId, "keys.read");
  return toKeyRecord(await loadKey(ctx, project.id, keyId));
}
