import type { TmEntry } from "@locale/db";
import { iso } from "../shared/dates";

export interface TmEntryRecord {
  _id: string;
  sourceText: string;
  targetText: string;
  sourceLanguage: string;
  targetLanguage: string;
  usageCount: number;
  created: string;
}

export type TmSearchResult = TmEntryRecord & { similarity: number };

/** The columns of a TM entry that its API record is made from. */
export type TmRow = Pick<TmEntry, "id" | "sourceText" | "targetText" | "sourceLanguage" | "targetLanguage" | "usageCount" | "createdAt">;

export const toTmEntryRecord = (e: TmRow): TmEntryRecord => ({
  _id: e.id,
  sourceText: e.sourceText,
  targetText: e.targetText,
  sourceLanguage: e.sourceLanguage,
  targetLanguage: e.targetLanguage,
  usageCount: e.usageCount,
  created: iso(e.createdAt),
});
