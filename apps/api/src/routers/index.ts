// The application router: the single source of truth for REST (trpc-to-openapi), /trpc, the
// OpenAPI document and the SDK's types. Each domain registers its router here.
import { router } from "../trpc/init";
import { importExportRouter } from "./import-export";
import { authRouter } from "./auth";
import { tokensRouter } from "./tokens";
import { projectsRouter } from "./projects";
import { organizationsRouter } from "./organizations";
import { membersRouter } from "./members";
import { commentsRouter } from "./comments";
import { activityRouter } from "./activity";
import { keysRouter } from "./keys";
import { translationsRouter } from "./translations";
import { glossaryRouter } from "./glossary";
import { webhooksRouter } from "./webhooks";
import { tmRouter } from "./tm";
import { analyticsRouter } from "./analytics";
import { aiRouter } from "./ai";

export const appRouter = router({
  importExport: importExportRouter,
  auth: authRouter,
  tokens: tokensRouter,
  projects: projectsRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  comments: commentsRouter,
  activity: activityRouter,
  keys: keysRouter,
  translations: translationsRouter,
  glossary: glossaryRouter,
  webhooks: webhooksRouter,
  tm: tmRouter,
  analytics: analyticsRouter,
  ai: aiRouter,
});

export type AppRouter = typeof appRouter;
