import { router } from "../../trpc/init";
import { createOrganizationTokenProcedure, listOrganizationTokensProcedure, revokeOrganizationTokenProcedure } from "./organization-tokens";

export const tokensRouter = router({
  createOrganizationToken: createOrganizationTokenProcedure,
  listOrganizationTokens: listOrganizationTokensProcedure,
  revokeOrganizationToken: revokeOrganizationTokenProcedure,
});
