import { alertsRouter } from "./routers/alerts";
import { auditRouter } from "./routers/audit";
import { brandVoicesRouter } from "./routers/brand-voices";
import { dashboardRouter } from "./routers/dashboard";
import { deeplKeyRouter } from "./routers/deepl-key";
import { documentsRouter } from "./routers/documents";
import { glossariesRouter } from "./routers/glossaries";
import { invitationsRouter } from "./routers/invitations";
import { keysRouter } from "./routers/keys";
import { memoriesRouter } from "./routers/memories";
import { membersRouter } from "./routers/members";
import { sessionRouter } from "./routers/session";
import { requestsRouter } from "./routers/requests";
import { settingsRouter } from "./routers/settings";
import { translateRouter } from "./routers/translate";
import { usageRouter } from "./routers/usage";
import { router } from "./trpc";

/** The console's API: one router per console page. */
export const appRouter = router({
  session: sessionRouter,
  dashboard: dashboardRouter,
  usage: usageRouter,
  keys: keysRouter,
  members: membersRouter,
  settings: settingsRouter,
  translate: translateRouter,
  invitations: invitationsRouter,
  documents: documentsRouter,
  glossaries: glossariesRouter,
  memories: memoriesRouter,
  brandVoices: brandVoicesRouter,
  requests: requestsRouter,
  audit: auditRouter,
  alerts: alertsRouter,
  deeplKey: deeplKeyRouter,
});

export type AppRouter = typeof appRouter;
