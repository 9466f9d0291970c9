import type { Project } from "@locale/db";
import { iso, isoOrNull } from "../shared/dates";

export interface ProjectRecord {
  _id: string;
  name: string;
  description: string;
  sourceLanguage: string;
  targetLanguages: string[];
  organization: string;
  preferredModel: string | null;
  archived: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const toProjectRecord = (p: Project): ProjectRecord => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  sourceLanguage: p.sourceLanguage,
  targetLanguages: p.targetLanguages,
  organization: p.organizationId,
  preferredModel: p.preferredModel,
  archived: p.archived,
  archivedAt: isoOrNull(p.archivedAt),
  createdAt: iso(p.createdAt),
  updatedAt: iso(p.updatedAt),
});

/** Source first, then targets: the languages a project's editor and exports show. */
export const projectLanguages = (p: Pick<Project, "sourceLanguage" | "targetLanguages">): string[] => [
  p.sourceLanguage,
  ...p.targetLanguages.filter((l) => l !== p.sourceLanguage),
];
