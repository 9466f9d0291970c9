// REST matches paths in registration order: the static `/keys/bulk` routes come before `/keys/{keyId}`.
import { router } from "../../trpc/init";
import { bulkCreateKeysProcedure } from "./bulk-create-keys";
import { bulkDeleteKeysProcedure } from "./bulk-delete-keys";
import { bulkUpdateKeysProcedure } from "./bulk-update-keys";
import { createKeyProcedure } from "./create-key";
import { deleteKeyProcedure } from "./delete-key";
import { getKeyProcedure } from "./get-key";
import { listEditorRowsProcedure } from "./list-editor-rows";
import { listKeysProcedure } from "./list-keys";
import { listTagsProcedure } from "./list-tags";
import { updateKeyProcedure } from "./update-key";

export const keysRouter = router({
  bulkCreate: bulkCreateKeysProcedure,
  bulkUpdate: bulkUpdateKeysProcedure,
  bulkDelete: bulkDeleteKeysProcedure,
  create: createKeyProcedure,
  list: listKeysProcedure,
  editorRows: listEditorRowsProcedure,
  tags: listTagsProcedure,
  get: getKeyProcedure,
  update: updateKeyProcedure,
  delete: deleteKeyProcedure,
});
