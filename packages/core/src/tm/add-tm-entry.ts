// Adds a source → target pair to the organization's translation memory, inside the caller's
// transaction. The same pair again only bumps usageCount; the upsert is a single
// INSERT ... ON CONFLICT on the (organization, languages, pairHash) unique index, so concurrent
// saves of one pair never race into a duplicate or a unique-violation error.
import type { Tx } from "../activity/record-activity";
import { sha256 } from "../shared/secrets";
import { type TmEntryRecord, type TmRow, toTmEntryRecord } from "./tm-record";
import { normalizeTmText } from "./tm-similarity";

export interface AddTmEntryInput {
  organizationId: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  targetText: string;
}

export const tmPairHash = (sourceText: string, targetText: string): string => sha256(`${sourceText}\0${targetText}`);

/** Returns the stored entry, or null when either text is blank (nothing worth remembering). */
export async function addTmEntry(tx: Tx, input: AddTmEntryInput): Promise<TmEntryRecord | null> {
  if (input.sourceText.trim() === "" || input.targetText.trim() === "") return null;
  if (input.sourceLanguage === input.targetLanguage) return null;
  const rows = await tx.$queryRaw<TmRow[]>`
    INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
    VALUES (uuid_v7(), ${input.organizationId}, ${input.sourceLanguage}, ${input.targetLanguage}, ${input.sourceText}, ${input.targetText},
            ${normalizeTmText(input.sourceText)}, ${tmPairHash(input.sourceText, input.targetText)}, 1, now(), now())
    ON CONFLICT ("organizationId", "sourceLanguage", "targetLanguage", "pairHash")
    DO UPDATE SET "usageCount" = "TmEntry"."usageCount" + 1, "updatedAt" = now()
    RETURNING "id", "sourceText", "targetText", "sourceLanguage", "targetLanguage", "usageCount", "createdAt"`;
  return toTmEntryRecord(rows[0]!);
}
