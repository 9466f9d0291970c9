import { findModel, MODEL_IDS } from "../ai/model-registry";
import { badRequest } from "../errors/app-error";

export function assertModelId(model: string, field = "preferredModel"): void {
  if (!findModel(model)) {
    throw badRequest(`${field}: unknown model "${model}"; expected one of ${MODEL_IDS.join(", ")}`, [
      { path: field, message: `unknown model "${model}"` },
    ]);
  }
}
