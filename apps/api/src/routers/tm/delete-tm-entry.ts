import { deleteTmEntry } from "@locale/core/tm";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput } from "./tm.types";

export const deleteTmEntryProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/organizations/{orgId}/tm/{entryId}", tags, summary: "Delete a translation memory entry" } })
  .input(ZOrgInput.extend({ entryId: z.string() }))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteTmEntry(ctx.svc, input));
