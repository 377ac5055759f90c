import { getAlertSettings, getLowCreditStatus, listWebhookDeliveries, queueTestWebhook, updateAlertSettings } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const alertsRouter = router({
  /** The threshold, the webhook URL and its signing secret (admins only: the secret signs every event). */
  get: orgProcedure("admin").query(({ ctx }) => getAlertSettings(ctx.domain, { orgId: ctx.membership.org.id })),

  update: orgProcedure("admin")
    .input(z.object({ thresholdPercent: z.number().int().nullable(), webhookUrl: z.string().max(2000).nullable() }))
    .mutation(({ ctx, input }) => updateAlertSettings(ctx.domain, { orgId: ctx.membership.org.id, ...input })),

  /** Queues a test `credits.low` event to the saved URL; the worker delivers it like a real one. */
  sendTest: orgProcedure("admin").mutation(async ({ ctx }) => {
    const settings = await getAlertSettings(ctx.domain, { orgId: ctx.membership.org.id });
    const id = await queueTestWebhook(ctx.domain, { org: ctx.membership.org, threshold: settings.thresholdPercent, url: settings.webhookUrl });
    return { deliveryId: id };
  }),

  deliveries: orgProcedure("admin").query(({ ctx }) => listWebhookDeliveries(ctx.domain, { orgId: ctx.membership.org.id })),

  /** Whether this period's usage reached the threshold: the console's banner, for every member. */
  status: orgProcedure("member").query(({ ctx }) => getLowCreditStatus(ctx.domain, { org: ctx.membership.org })),
});
