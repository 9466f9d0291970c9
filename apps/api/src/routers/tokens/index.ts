import { router } from "../../trpc/init";
import { createOrganizationTokenProcedure, listOrganizationTokensProcedure, revokeOrganizationTokenProcedure } from "./organization-tokens";
import { createProjectTokenProcedure, listProjectTokensProcedure, revokeProjectTokenProcedure } from "./project-tokens";

export const tokensRouter = router({
  createOrganizationToken: createOrganizationTokenProcedure,
  listOrganizationTokens: listOrganizationTokensProcedure,
  revokeOrganizationToken: revokeOrganizationTokenProcedure,
  createProjectToken: createProjectTokenProcedure,
  listProjectTokens: listProjectTokensProcedure,
  revokeProjectToken: revokeProjectTokenProcedure,
});
