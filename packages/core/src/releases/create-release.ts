// Publishing a release (docs/delivery.md): the files are built and compressed first (reads only),
// then the release, its files, the channel's `latest` and the activity entry are written in one
// transaction, which also raises the NOTIFY that makes every api process drop its cached copy.
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { randomSecret } from "../shared/secrets";
import { type BuiltReleaseFile, buildReleaseFile } from "./build-release-files";
import { afterDeliveryChange } from "./delivery-changes";
import { DELIVERY_CHANNEL } from "./delivery-notify";
import { type CreateReleaseInput, releaseSettings } from "./release-input";
import type { ReleaseRecord } from "./release-record";
import { toReleaseRecord } from "./release-record";

/** A new delivery id: 16 random bytes, URL-safe (22 characters). */
export const newDeliveryId = (): string => randomSecret(16);

export async function createRelease(ctx: ServiceContext, projectId: string, input: CreateReleaseInput): Promise<ReleaseRecord> {
  const project = await loadProject(ctx, projectId, "releases.manage", { forWrite: true });
  const settings = releaseSettings(input, projectLanguages(project));
  const files: BuiltReleaseFile[] = [];
  for (const language of settings.languages) {
    files.push(
      await buildReleaseFile(ctx, project, language, {
        format: settings.format,
        statuses: settings.statuses,
        ...(settings.placeholders ? { placeholders: settings.placeholders } : {}),
      }),
    );
  }
  return afterDeliveryChange(
    ctx,
    project.id,
    ctx.db.prisma.$transaction(async (tx) => {
      // The channel row is the per-project counter: its row lock orders concurrent releases.
      const [channel] = await tx.$queryRaw<{ version: number }[]>`
      INSERT INTO "DeliveryChannel" ("projectId", "deliveryId", "nextVersion", "updatedAt")
      VALUES (${project.id}, ${newDeliveryId()}, 2, now())
      ON CONFLICT ("projectId") DO UPDATE SET "nextVersion" = "DeliveryChannel"."nextVersion" + 1, "updatedAt" = now()
      RETURNING "nextVersion" - 1 AS "version"`;
      const version = Number(channel!.version);
      const release = await tx.release.create({
        data: {
          projectId: project.id,
          version,
          format: settings.format,
          placeholders: settings.placeholders,
          statuses: settings.statuses,
          languages: settings.languages,
          note: settings.note,
          createdById: ctx.actor.userId,
          createdByName: ctx.actor.userName,
        },
      });
      await tx.releaseFile.createMany({
        data: files.map((f) => ({
          releaseId: release.id,
          language: f.language,
          entries: f.entries,
          sha256: f.sha256,
          content: f.content as Uint8Array<ArrayBuffer>,
          brotli: f.brotli as Uint8Array<ArrayBuffer>,
          gzip: f.gzip as Uint8Array<ArrayBuffer>,
        })),
      });
      await tx.deliveryChannel.update({ where: { projectId: project.id }, data: { latestVersion: version } });
      const skipped = files.flatMap((f) =>
        f.skipped.map((s) => ({ language: f.language, key: s.namespace ? `${s.namespace}.${s.key}` : s.key })),
      );
      await recordActivity(tx, ctx.actor, {
        action: "release.created",
        projectId: project.id,
        targetId: release.id,
        targetType: "release",
        metadata: {
          version,
          format: settings.format,
          languages: settings.languages,
          statuses: settings.statuses,
          ...(settings.placeholders ? { placeholders: settings.placeholders } : {}),
          entries: Object.fromEntries(files.map((f) => [f.language, f.entries])),
          ...(skipped.length > 0 ? { skippedCount: skipped.length, skipped: skipped.slice(0, 50) } : {}),
        },
      });
      await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, ${project.id})`;
      const fileRows = files.map((f) => ({
        releaseId: release.id,
        language: f.language,
        entries: f.entries,
        sha256: f.sha256,
        bytes: f.content.byteLength,
      }));
      return toReleaseRecord(release, fileRows, version);
    }),
  );
}
