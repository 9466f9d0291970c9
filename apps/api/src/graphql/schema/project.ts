// Projects: reads go through Prisma (so nested keys and translations load in one statement),
// always scoped to the caller's organization and a project token's project; writes call the
// same core services as REST and return the stored row.
import {
  type Actor,
  addProjectLanguage,
  archiveProject,
  assertCan,
  createProject,
  loadProject,
  projectLanguages,
  removeProjectLanguage,
  restoreProject,
  updateProject,
} from "@locale/core";
import { getProjectProgress } from "@locale/core/analytics";
import { listPeople, type Person } from "@locale/core/comments";
import { listTags } from "@locale/core/keys";
import type { Prisma } from "@locale/db";
import { builder, type GraphqlContext, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { ProjectProgressRef } from "./analytics";
import { KeyPageRef, keyListArgs, resolveKeyPage } from "./key";

/** Every project query's tenant filter. */
export function projectScope(actor: Actor): Prisma.ProjectWhereInput {
  return { organizationId: actor.organizationId, ...(actor.projectId ? { id: actor.projectId } : {}) };
}

const PersonRef = builder.objectRef<Person>("Person").implement({
  fields: (t) => ({ userId: t.exposeString("userId"), name: t.exposeString("name") }),
});

builder.prismaObject("Project", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    sourceLanguage: t.exposeString("sourceLanguage"),
    targetLanguages: t.exposeStringList("targetLanguages"),
    languages: t.stringList({ description: "Source first, then targets", resolve: (p) => projectLanguages(p) }),
    organizationId: t.exposeString("organizationId"),
    preferredModel: t.exposeString("preferredModel", { nullable: true }),
    archived: t.exposeBoolean("archived"),
    archivedAt: t.expose("archivedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    keyCount: t.relationCount("keys"),
    progress: t.field({
      type: ProjectProgressRef,
      args: { languages: t.arg.stringList() },
      resolve: (project, args, ctx) => getProjectProgress(svcOf(ctx), { projectId: project.id, languages: args.languages?.join(",") }),
    }),
    people: t.field({
      type: [PersonRef],
      description: "The organization's members by name, for @mentions, as GET /projects/{projectId}/people",
      resolve: (project, _args, ctx) => listPeople(svcOf(ctx), project.id),
    }),
    tags: t.stringList({
      description: "Every tag the project's keys carry, sorted (at most 1,000), as GET /projects/{projectId}/tags",
      resolve: (project, _args, ctx) => listTags(svcOf(ctx), project.id),
    }),
    keys: t.field({
      type: KeyPageRef,
      description: "Keys ordered by namespace then name, filtered as in REST",
      args: {
        page: t.arg.int(),
        limit: t.arg.int(),
        search: t.arg.string(),
        namespace: t.arg.string(),
        tag: t.arg.string(),
        untranslatedIn: t.arg.string(),
        qa: t.arg.string({ description: "any | warning | error | <check id>: keys with such a quality-check issue nobody ignored" }),
        qaIn: t.arg.string({ description: "The project language `qa` looks at (default: every language)" }),
        hasComments: t.arg.boolean({ description: "true: keys with at least one comment; false: keys without any" }),
        ...keyListArgs(t),
      },
      resolve: (project, args, ctx) => resolveKeyPage(ctx, project.id, args),
    }),
  }),
});

builder.queryFields((t) => ({
  projects: t.prismaField({
    type: ["Project"],
    description: "The organization's projects (a project token sees only its own)",
    args: { includeArchived: t.arg.boolean() },
    resolve: (query, _root, args, ctx) => {
      const svc = svcOf(ctx);
      assertCan(svc.actor, "projects.read");
      return ctx.deps.db.prisma.project.findMany({
        ...query,
        relationLoadStrategy: "join",
        where: { ...projectScope(svc.actor), ...(args.includeArchived ? {} : { archived: false }) },
        orderBy: { createdAt: "asc" },
      });
    },
  }),
  project: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const project = await loadProject(svcOf(ctx), String(args.id), "projects.read");
      return ctx.deps.db.prisma.project.findUniqueOrThrow({ ...query, relationLoadStrategy: "join", where: { id: project.id } });
    },
  }),
}));

const ProjectInput = builder.inputType("ProjectInput", {
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    sourceLanguage: t.string(),
    targetLanguages: t.stringList(),
    preferredModel: t.string(),
  }),
});

const CreateProjectInput = builder.inputType("CreateProjectInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    sourceLanguage: t.string({ required: true }),
    targetLanguages: t.stringList(),
    preferredModel: t.string(),
  }),
});

type CreateProjectArgs = Parameters<typeof createProject>[1];
type UpdateProjectArgs = Parameters<typeof updateProject>[2];

builder.mutationFields((t) => ({
  createProject: t.prismaField({
    type: "Project",
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const record = await createProject(svcOf(ctx), parseProcedureInput<CreateProjectArgs>("projects.create", input));
      return reloadProject(ctx, query, record._id);
    },
  }),
  updateProject: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProjectInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id, ...changes } = parseProcedureInput<UpdateProjectArgs & { id: string }>("projects.update", { ...args.input, id: args.id });
      return reloadProject(ctx, query, (await updateProject(svcOf(ctx), id, changes))._id);
    },
  }),
  archiveProject: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => reloadProject(ctx, query, (await archiveProject(svcOf(ctx), String(args.id)))._id),
  }),
  restoreProject: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => reloadProject(ctx, query, (await restoreProject(svcOf(ctx), String(args.id)))._id),
  }),
  addProjectLanguage: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }), language: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) =>
      reloadProject(ctx, query, (await addProjectLanguage(svcOf(ctx), String(args.id), args.language))._id),
  }),
  removeProjectLanguage: t.prismaField({
    type: "Project",
    args: { id: t.arg.id({ required: true }), language: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) =>
      reloadProject(ctx, query, (await removeProjectLanguage(svcOf(ctx), String(args.id), args.language))._id),
  }),
}));

/** Loads the row a service just wrote, with the mutation's nested selection. */
function reloadProject(ctx: GraphqlContext, query: { include?: Prisma.ProjectInclude; select?: Prisma.ProjectSelect }, id: string) {
  return ctx.deps.db.prisma.project.findUniqueOrThrow({ ...query, relationLoadStrategy: "join", where: { id } });
}
