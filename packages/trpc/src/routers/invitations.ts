import { acceptInvitation, getInvitation } from "@tolk/domain";
import { z } from "zod";

import { publicProcedure, router } from "../trpc";

// Public: the token in the link is the credential. Unknown, used and expired tokens look alike.
const token = z.string().min(1).max(100);

export const invitationsRouter = router({
  get: publicProcedure.input(z.object({ token })).query(async ({ ctx, input }) => {
    const inv = await getInvitation(ctx.domain, input);
    return { orgName: inv.orgName, email: inv.email, role: inv.role, hasAccount: inv.hasAccount };
  }),

  accept: publicProcedure
    .input(z.object({ token, password: z.string().max(200), name: z.string().max(200).optional() }))
    .mutation(async ({ ctx, input }) => {
      const accepted = await acceptInvitation(ctx.domain, input);
      return { email: accepted.email, orgId: accepted.orgId };
    }),
});
