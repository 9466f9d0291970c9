import { router } from "../../trpc/init";
import { createOrganizationWebhookProcedure, createProjectWebhookProcedure } from "./create-webhook";
import { deleteOrganizationWebhookProcedure, deleteProjectWebhookProcedure } from "./delete-webhook";
import { listOrganizationWebhookDeliveriesProcedure, listProjectWebhookDeliveriesProcedure } from "./list-webhook-deliveries";
import { listOrganizationWebhooksProcedure, listProjectWebhooksProcedure } from "./list-webhooks";
import { testOrganizationWebhookProcedure, testProjectWebhookProcedure } from "./test-webhook";
import { updateOrganizationWebhookProcedure, updateProjectWebhookProcedure } from "./update-webhook";

export const webhooksRouter = router({
  createOrganizationWebhook: createOrganizationWebhookProcedure,
  listOrganizationWebhooks: listOrganizationWebhooksProcedure,
  updateOrganizationWebhook: updateOrganizationWebhookProcedure,
  deleteOrganizationWebhook: deleteOrganizationWebhookProcedure,
  listOrganizationWebhookDeliveries: listOrganizationWebhookDeliveriesProcedure,
  testOrganizationWebhook: testOrganizationWebhookProcedure,
  createProjectWebhook: createProjectWebhookProcedure,
  listProjectWebhooks: listProjectWebhooksProcedure,
  updateProjectWebhook: updateProjectWebhookProcedure,
  deleteProjectWebhook: deleteProjectWebhookProcedure,
  listProjectWebhookDeliveries: listProjectWebhookDeliveriesProcedure,
  testProjectWebhook: testProjectWebhookProcedure,
});
