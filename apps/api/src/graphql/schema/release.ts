// Releases and the release channel (docs/delivery.md), through the same core services and input
// validation as /projects/{projectId}/releases and /projects/{projectId}/delivery.
import {
  createRelease,
  type DeliveryRecord,
  deleteRelease,
  getDelivery,
  getRelease,
  listReleases,
  type ReleaseFileRecord,
  type ReleaseRecord,
  rollbackRelease,
  rotateDeliveryId,
} from "@locale/core/releases";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const ReleaseFileRef = builder.objectRef<ReleaseFileRecord>("ReleaseFile").implement({
  fields: (t) => ({
    language: t.exposeString("language"),
    fileName: t.exposeString("fileName"),
    bytes: t.exposeInt("bytes"),
    sha256: t.exposeString("sha256"),
    entries: t.exposeInt("entries"),
  }),
});

const ReleaseRef = builder.objectRef<ReleaseRecord>("Release").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    projectId: t.exposeString("projectId"),
    version: t.exposeInt("version"),
    format: t.exposeString("format"),
    placeholders: t.exposeString("placeholders", { nullable: true }),
    statuses: t.exposeStringList("statuses"),
    languages: t.exposeStringList("languages"),
    note: t.exposeString("note"),
    createdBy: t.exposeString("createdBy", { nullable: true }),
    createdByName: t.exposeString("createdByName", { nullable: true }),
    created: t.expose("created", { type: "DateTime" }),
    latest: t.exposeBoolean("latest"),
    files: t.field({ type: [ReleaseFileRef], resolve: (release) => release.files }),
  }),
});

const DeliveryRef = builder.objectRef<DeliveryRecord>("Delivery").implement({
  fields: (t) => ({
    deliveryId: t.exposeString("deliveryId", { nullable: true }),
    latestVersion: t.exposeInt("latestVersion", { nullable: true }),
    baseUrl: t.exposeString("baseUrl", { nullable: true }),
  }),
});

type VersionInput = { projectId: string; version: number };

builder.queryFields((t) => ({
  releases: t.field({
    type: [ReleaseRef],
    description: "The project's releases, newest first",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listReleases(svcOf(ctx), String(args.projectId)),
  }),
  release: t.field({
    type: ReleaseRef,
    args: { projectId: t.arg.id({ required: true }), version: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<VersionInput>("releases.get", { projectId: String(args.projectId), version: args.version });
      return getRelease(svcOf(ctx), input.projectId, input.version);
    },
  }),
  delivery: t.field({
    type: DeliveryRef,
    description: "The release channel: public delivery id, `latest`, URL",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getDelivery(svcOf(ctx), String(args.projectId)),
  }),
}));

builder.mutationFields((t) => ({
  createRelease: t.field({
    type: ReleaseRef,
    description: "Publishes a numbered release and points `latest` at it (token scope releases:manage)",
    args: {
      projectId: t.arg.id({ required: true }),
      languages: t.arg.stringList(),
      statuses: t.arg.stringList({ description: 'Default ["approved"]; source-language values are published whatever their status' }),
      format: t.arg.string({ description: "Default json-flat" }),
      placeholders: t.arg.string(),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, ...settings } = parseProcedureInput<{ projectId: string } & Parameters<typeof createRelease>[2]>(
        "releases.create",
        {
          projectId: String(args.projectId),
          ...Object.fromEntries(Object.entries(args).filter(([k, v]) => k !== "projectId" && v != null)),
        },
      );
      return createRelease(svcOf(ctx), projectId, settings);
    },
  }),
  deleteRelease: t.field({
    type: SuccessRef,
    args: { projectId: t.arg.id({ required: true }), version: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<VersionInput>("releases.delete", { projectId: String(args.projectId), version: args.version });
      return deleteRelease(svcOf(ctx), input.projectId, input.version);
    },
  }),
  rollbackRelease: t.field({
    type: DeliveryRef,
    description: "Points `latest` at this release",
    args: { projectId: t.arg.id({ required: true }), version: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<VersionInput>("releases.rollback", { projectId: String(args.projectId), version: args.version });
      return rollbackRelease(svcOf(ctx), input.projectId, input.version);
    },
  }),
  rotateDeliveryId: t.field({
    type: DeliveryRef,
    description: "Replaces the public delivery id; the previous one answers 404",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => rotateDeliveryId(svcOf(ctx), String(args.projectId)),
  }),
}));
