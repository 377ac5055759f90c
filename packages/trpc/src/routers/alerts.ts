import {
  getAlertSettings,
  getAlertSettingsView,
  getLowCreditStatus,
  listWebhookDeliveries,
  queueTestWebhook,
  rotateWebhookSecret,
  updateAlertSettings,
} from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const alertsRouter = router({
  /** The threshold, the webhook URL and a hint of its signing secret (the secret itself only from rotateSecret). */
  get: orgProcedure("admin").query(({ ctx }) => getAlertSettingsView(ctx.domain, { orgId: ctx.membership.org.id })),

  update: orgProcedure("admin")
    .input(z.object({ thresholdPercent: z.number().int().nullable(), webhookUrl: z.string().max(2000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await updateAlertSettings(ctx.domain, { orgId: ctx.membership.org.id, ...input });
      return getAlertSettingsView(ctx.domain, { orgId: ctx.membership.org.id });
    }),

  /** A new signing secret, in force at once, shown this one time (admins only: it signs every event). */
  rotateSecret: orgProcedure("admin").mutation(({ ctx }) =>
    rotateWebhookSecret(ctx.domain, { orgId: ctx.membership.org.id }),
  ),

  /** Queues a test `credits.low` event to the saved URL; the worker delivers it like a real one. */
  sendTest: orgProcedure("admin").mutation(async ({ ctx }) => {
    const settings = await getAlertSettings(ctx.domain, { orgId: ctx.membership.org.id });
    const id = await queueTestWebhook(ctx.domain, {
      org: ctx.membership.org,
      threshold: settings.thresholdPercent,
      url: settings.webhookUrl,
    });
    return { deliveryId: id };
  }),

  deliveries: orgProcedure("admin").query(({ ctx }) =>
    listWebhookDeliveries(ctx.domain, { orgId: ctx.membership.org.id }),
  ),

  /** Whether this period's usage reached the threshold: the console's banner, for every member. */
  status: orgProcedure("member").query(({ ctx }) => getLowCreditStatus(ctx.domain, { org: ctx.membership.org })),
});
