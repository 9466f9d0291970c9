// Screenshots with key regions, through the core screenshots service (same permissions, checks and
// activity as REST). The image bytes stay on REST (`…/screenshots/{id}/image`); `imageUrl` and
// `thumbnailUrl` give their paths.

import { payloadTooLarge } from "@locale/core";
import {
  deleteScreenshot,
  getScreenshot,
  listScreenshots,
  type ScreenshotRecord,
  type ScreenshotRegionRecord,
  setScreenshotRegions,
  uploadScreenshot,
} from "@locale/core/screenshots";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const RegionRef = builder.objectRef<ScreenshotRegionRecord>("ScreenshotRegion").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    keyId: t.exposeID("keyId"),
    x: t.exposeInt("x"),
    y: t.exposeInt("y"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

const ScreenshotRef = builder.objectRef<ScreenshotRecord>("Screenshot").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    projectId: t.exposeID("projectId"),
    name: t.exposeString("name"),
    contentType: t.exposeString("contentType"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    byteSize: t.exposeInt("byteSize"),
    thumbnailWidth: t.int({ resolve: (s) => s.thumbnail.width }),
    thumbnailHeight: t.int({ resolve: (s) => s.thumbnail.height }),
    imageUrl: t.string({
      description: "REST path of the image",
      resolve: (s) => `/api/projects/${s.projectId}/screenshots/${s._id}/image`,
    }),
    thumbnailUrl: t.string({
      description: "REST path of the WebP thumbnail",
      resolve: (s) => `/api/projects/${s.projectId}/screenshots/${s._id}/thumbnail`,
    }),
    regions: t.field({ type: [RegionRef], resolve: (s) => s.regions }),
    createdBy: t.exposeString("createdBy", { nullable: true }),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

const RegionInput = builder.inputType("ScreenshotRegionInput", {
  fields: (t) => ({
    keyId: t.id({ required: true }),
    x: t.int({ required: true }),
    y: t.int({ required: true }),
    width: t.int({ required: true }),
    height: t.int({ required: true }),
  }),
});

type Region = { keyId: string; x: number; y: number; width: number; height: number };

builder.queryFields((t) => ({
  screenshots: t.field({
    type: [ScreenshotRef],
    description: "The project's screenshots, newest first (at most 200); with `keyId` only those showing that key",
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id() },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; keyId?: string }>("screenshots.list", args);
      return listScreenshots(svcOf(ctx), input.projectId, input.keyId === undefined ? {} : { keyId: input.keyId });
    },
  }),
  screenshot: t.field({
    type: ScreenshotRef,
    args: { projectId: t.arg.id({ required: true }), screenshotId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      getScreenshot(svcOf(ctx), { projectId: String(args.projectId), screenshotId: String(args.screenshotId) }),
  }),
}));

builder.mutationFields((t) => ({
  uploadScreenshot: t.field({
    type: ScreenshotRef,
    description: "Upload an image (base64 `content`: PNG, JPEG or WebP, at most SCREENSHOT_MAX_BYTES decoded) with its regions",
    args: {
      projectId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      content: t.arg.string({ required: true }),
      regions: t.arg({ type: [RegionInput] }),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; name: string; content: string; regions?: Region[] }>(
        "screenshots.upload",
        args,
      );
      const svc = svcOf(ctx);
      const maxBytes = svc.config.screenshots?.maxBytes ?? Number.POSITIVE_INFINITY;
      if (Math.floor((input.content.length * 3) / 4) - 2 > maxBytes) throw payloadTooLarge(`The image is larger than ${maxBytes} bytes`);
      return uploadScreenshot(svc, input.projectId, {
        name: input.name,
        image: Buffer.from(input.content, "base64"),
        regions: input.regions,
      });
    },
  }),
  setScreenshotRegions: t.field({
    type: ScreenshotRef,
    description: "Replace all regions of a screenshot",
    args: {
      projectId: t.arg.id({ required: true }),
      screenshotId: t.arg.id({ required: true }),
      regions: t.arg({ type: [RegionInput], required: true }),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; screenshotId: string; regions: Region[] }>("screenshots.setRegions", args);
      return setScreenshotRegions(svcOf(ctx), { projectId: input.projectId, screenshotId: input.screenshotId }, input.regions);
    },
  }),
  deleteScreenshot: t.field({
    type: SuccessRef,
    args: { projectId: t.arg.id({ required: true }), screenshotId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      deleteScreenshot(svcOf(ctx), { projectId: String(args.projectId), screenshotId: String(args.screenshotId) }),
  }),
}));
