// Adds a source → target pair to the organization's translation memory, inside the caller's
// transaction. The same pair again only bumps usageCount; the upsert is a single
// INSERT ... ON CONFLICT on the (organization, languages, pairHash) unique index, so concurrent
// saves of one pair never race into a duplicate or a unique-violation error.
import { sha256 } from "../shared/secrets";
import { sqlOf, type WriteTx } from "../shared/write-tx";
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
export async function addTmEntry(tx: WriteTx, input: AddTmEntryInput): Promise<TmEntryRecord | null> {
  if (input.sourceText.trim() === "" || input.targetText.trim() === "") return null;
  if (input.sourceLanguage === input.targetLanguage) return null;
  const rows = await sqlOf(tx).query<TmRow>(
    `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
     VALUES (uuid_v7(), $1, $2, $3, $4, $5, $6, $7, 1, now(), now())
     ON CONFLICT ("organizationId", "sourceLanguage", "targetLanguage", "pairHash")
     DO UPDATE SET "usageCount" = "TmEntry"."usageCount" + 1, "updatedAt" = now()
     RETURNING "id", "sourceText", "targetText", "sourceLanguage", "targetLanguage", "usageCount", "createdAt"`,
    [
      input.organizationId,
      input.sourceLanguage,
      input.targetLanguage,
      input.sourceText,
      input.targetText,
      normalizeTmText(input.sourceText),
      tmPairHash(input.sourceText, input.targetText),
    ],
  );
  return toTmEntryRecord(rows[0]!);
}
