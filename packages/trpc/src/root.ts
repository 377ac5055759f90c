import { dashboardRouter } from "./routers/dashboard";
import { invitationsRouter } from "./routers/invitations";
import { keysRouter } from "./routers/keys";
import { membersRouter } from "./routers/members";
import { sessionRouter } from "./routers/session";
import { settingsRouter } from "./routers/settings";
import { translateRouter } from "./routers/translate";
import { usageRouter } from "./routers/usage";
import { router } from "./trpc";

/** The console's API. Each feature issue adds its router here (documents, glossaries, …). */
export const appRouter = router({
  session: sessionRouter,
  dashboard: dashboardRouter,
  usage: usageRouter,
  keys: keysRouter,
  members: membersRouter,
  settings: settingsRouter,
  translate: translateRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;
