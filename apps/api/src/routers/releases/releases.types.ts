import { z } from "zod";

export const tags = ["Releases"];

export const ZReleaseFile = z.object({
  language: z.string(),
  fileName: z.string().describe("The file's name under `/delivery/{deliveryId}/{version}/`"),
  bytes: z.number().int(),
  sha256: z.string().describe("Hex SHA-256 of the file: its strong ETag and the manifest's hash"),
  entries: z.number().int().describe("Keys written to the file"),
});

export const ZRelease = z
  .object({
    _id: z.string(),
    projectId: z.string(),
    version: z.number().int(),
    format: z.string(),
    placeholders: z.string().nullable().describe("The placeholder style of the files (null: as stored, ICU)"),
    statuses: z.array(z.string()),
    languages: z.array(z.string()),
    note: z.string(),
    createdBy: z.string().nullable(),
    createdByName: z.string().nullable(),
    created: z.string(),
    latest: z.boolean().describe("Whether the release channel's `latest` points at this release"),
    files: z.array(ZReleaseFile),
  })
  .meta({ id: "Release" });

export const ZDelivery = z
  .object({
    deliveryId: z.string().nullable().describe("The public delivery id (null until the first release or rotation)"),
    latestVersion: z.number().int().nullable().describe("The release `latest` serves (null: none)"),
    baseUrl: z
      .string()
      .nullable()
      .describe("`<PUBLIC_URL>/delivery/<deliveryId>`: append `/manifest.json` or `/<version|latest>/<language>.<ext>`"),
  })
  .meta({ id: "Delivery" });

export const ZProjectPath = z.object({ projectId: z.string() });
export const ZVersionPath = ZProjectPath.extend({ version: z.coerce.number().int().min(1).max(2_147_483_647) });

export const ZCreateReleaseRequest = ZProjectPath.extend({
  languages: z.array(z.string().min(1).max(64)).max(500).optional().describe("Default: every project language, the source included"),
  statuses: z
    .array(z.enum(["translated", "reviewed", "approved"]))
    .max(3)
    .optional()
    .describe('Statuses whose values are published (default `["approved"]`); source-language values are published whatever their status'),
  format: z.string().max(50).optional().describe("A file format id (default `json-flat`; `pot` is refused)"),
  placeholders: z.string().max(50).optional().describe("Write placeholders in this platform style (docs/placeholders.md)"),
  note: z.string().max(2000).optional(),
});
