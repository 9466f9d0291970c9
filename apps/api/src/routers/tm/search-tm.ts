import { searchTm } from "@locale/core/tm";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput, ZTmSearchResult } from "./tm.types";

export const searchTmProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/tm/search",
      tags,
      summary: "Fuzzy search by source text, best similarity first",
    },
    errors: {
      503: "The embedded database (PGlite) stayed busy past `DB_TRANSACTION_MAX_WAIT_MS` (a long import holds its one transaction); `Retry-After` gives the seconds to wait",
    },
  })
  .input(
    ZOrgInput.extend({
      sourceText: z.string().min(1).max(10_000),
      sourceLang: z.string().max(64).optional(),
      targetLang: z.string().max(64).optional(),
      minSimilarity: z.coerce.number().optional().describe("0–100, default 50"),
      limit: z.coerce.number().optional().describe("Default 10, at most 50"),
    }),
  )
  .output(z.array(ZTmSearchResult))
  .query(({ ctx, input }) => searchTm(ctx.svc, input));
