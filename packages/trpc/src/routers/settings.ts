import { updateOrganizationSettings } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const settingsRouter = router({
  get: orgProcedure("admin").query(({ ctx }) => {
    const { id, name, plan, idpOrgId, localizationTerms } = ctx.membership.org;
    return { id, name, plan, idpOrgId, localizationTerms };
  }),

  update: orgProcedure("admin")
    .input(z.object({ name: z.string(), idpOrgId: z.string().nullable(), localizationTerms: z.boolean().optional() }))
    .mutation(({ ctx, input }) => updateOrganizationSettings(ctx.domain, { orgId: ctx.membership.org.id, ...input })),
});
