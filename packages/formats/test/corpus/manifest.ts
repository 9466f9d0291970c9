/**
 * The corpus manifest: which public files the corpus tests read, and in which format and language.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FormatId } from "../../src/index.js";

export const CORPUS_DIR = dirname(fileURLToPath(import.meta.url));

export type CorpusFile = {
  file: string;
  format: FormatId;
  language: string;
  project: string;
  origin: string;
  path: string;
  licence: string;
  derived?: string;
};

export const corpus: CorpusFile[] = (JSON.parse(readFileSync(join(CORPUS_DIR, "manifest.json"), "utf8")) as { files: CorpusFile[] }).files;

export const fixturePath = (file: string) => join(CORPUS_DIR, "fixtures", file);

export const readFixture = (file: string): Uint8Array => new Uint8Array(readFileSync(fixturePath(file)));
