// Shapes shared by several models: page metadata (offset pagination as in REST) and enums.
import type { PageMeta } from "@locale/core";
import { builder } from "../builder";

export const PageMetaRef = builder.objectRef<PageMeta>("PageMeta").implement({
  description: "Offset pagination metadata, as in the REST envelope",
  fields: (t) => ({
    page: t.exposeInt("page"),
    limit: t.exposeInt("limit"),
    total: t.exposeInt("total"),
    totalPages: t.exposeInt("totalPages"),
  }),
});

export const TranslationStatusEnum = builder.enumType("TranslationStatus", {
  values: ["untranslated", "translated", "reviewed", "approved"] as const,
});

export const TranslationSourceEnum = builder.enumType("TranslationSource", {
  values: ["human", "ai", "import", "tm", "api", "mt", "bulk"] as const,
});

export const SuccessRef = builder.objectRef<{ success: true }>("Success").implement({
  fields: (t) => ({ success: t.exposeBoolean("success") }),
});
