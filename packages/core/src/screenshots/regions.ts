// Validation of a screenshot's regions: inside the image, on keys of the screenshot's project.
import type { Prisma } from "@locale/db";
import { badRequest, type ErrorIssue } from "../errors/app-error";

export interface RegionInput {
  keyId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Most regions one screenshot holds. */
export const MAX_REGIONS = 1000;

export async function assertValidRegions(
  tx: Prisma.TransactionClient,
  projectId: string,
  size: { width: number; height: number },
  regions: RegionInput[],
): Promise<void> {
  if (regions.length > MAX_REGIONS) {
    throw badRequest(`regions: at most ${MAX_REGIONS}`, [{ path: "regions", message: `at most ${MAX_REGIONS}` }]);
  }
  const issues: ErrorIssue[] = [];
  regions.forEach((r, i) => {
    const inside = r.x >= 0 && r.y >= 0 && r.width >= 1 && r.height >= 1 && r.x + r.width <= size.width && r.y + r.height <= size.height;
    if (!inside) {
      issues.push({
        path: `regions.${i}`,
        code: "screenshot.regionOutside",
        message: `(${r.x}, ${r.y}, ${r.width}×${r.height}) is not inside the ${size.width}×${size.height} image`,
      });
    }
  });
  const ids = [...new Set(regions.map((r) => r.keyId))];
  const found = new Set(
    ids.length === 0 ? [] : (await tx.key.findMany({ where: { projectId, id: { in: ids } }, select: { id: true } })).map((k) => k.id),
  );
  regions.forEach((r, i) => {
    if (!found.has(r.keyId)) {
      issues.push({ path: `regions.${i}.keyId`, code: "screenshot.unknownKey", message: "is not a key of this project" });
    }
  });
  if (issues.length > 0) throw badRequest(`regions: ${issues[0]?.path} ${issues[0]?.message}`, issues);
}
