import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { loadKey } from "./load-key";
import { toKeyRecord, type KeyRecord } from "./key-record";

export async function getKey(ctx: ServiceContext, projectId: string, keyId: string): Promise<KeyRecord> {
  const project = await loadProject(ctx, projectId, "keys.read");
  return toKeyRecord(await loadKey(ctx, project.id, keyId));
}
