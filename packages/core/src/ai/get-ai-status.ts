// GET /ai/status: what this organization can use right now (configured providers only).
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { MODELS, PROVIDER_IDS } from "./model-registry";
import { loadAiOrgSettings } from "./translate-string";

export interface AiStatus {
  configured: boolean;
  availableProviders: string[];
  availableModels: { id: string; displayName: string; provider: string }[];
}

export async function getAiStatus(ctx: ServiceContext, projectId: string): Promise<AiStatus> {
  await loadProject(ctx, projectId, "ai");
  const org = await loadAiOrgSettings(ctx.db, ctx.actor.organizationId, ctx.config.ai);
  const providers = PROVIDER_IDS.filter((p) => org.credentials[p]);
  return {
    configured: providers.length > 0,
    availableProviders: [...providers],
    availableModels: MODELS.filter((m) => providers.includes(m.provider)).map((m) => ({
      id: m.id,
      displayName: m.displayName,
      provider: m.provider,
    })),
  };
}
