// The application router: the single source of truth for REST (trpc-to-openapi), /trpc, the
// OpenAPI document and the SDK's types. Each domain registers its router here.
import { router } from "../trpc/init";
import { activityRouter } from "./activity";
import { aiRouter } from "./ai";
import { analyticsRouter } from "./analytics";
import { authRouter } from "./auth";
import { bulkEditsRouter } from "./bulk-edits";
import { commentsRouter } from "./comments";
import { glossaryRouter } from "./glossary";
import { importExportRouter } from "./import-export";
import { keysRouter } from "./keys";
import { membersRouter } from "./members";
import { mtRouter } from "./mt";
import { notificationsRouter } from "./notifications";
import { organizationsRouter } from "./organizations";
import { pretranslateRouter } from "./pretranslate";
import { projectsRouter } from "./projects";
import { qualityRouter } from "./quality";
import { releasesRouter } from "./releases";
import { screenshotsRouter } from "./screenshots";
import { tmRouter } from "./tm";
import { tokensRouter } from "./tokens";
import { translationsRouter } from "./translations";
import { webhooksRouter } from "./webhooks";

export const appRouter = router({
  importExport: importExportRouter,
  auth: authRouter,
  tokens: tokensRouter,
  projects: projectsRouter,
  quality: qualityRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  comments: commentsRouter,
  notifications: notificationsRouter,
  activity: activityRouter,
  keys: keysRouter,
  translations: translationsRouter,
  bulkEdits: bulkEditsRouter,
  glossary: glossaryRouter,
  webhooks: webhooksRouter,
  tm: tmRouter,
  analytics: analyticsRouter,
  ai: aiRouter,
  mt: mtRouter,
  pretranslate: pretranslateRouter,
  screenshots: screenshotsRouter,
  releases: releasesRouter,
});

export type AppRouter = typeof appRouter;
