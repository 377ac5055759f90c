import {
  changeMemberRole,
  createInvitation,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
} from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

const role = z.enum(["owner", "admin", "member"]);

export const membersRouter = router({
  list: orgProcedure("admin").query(async ({ ctx }) => ({
    members: await listMembers(ctx.domain, { orgId: ctx.membership.org.id }),
    invitations: await listInvitations(ctx.domain, { orgId: ctx.membership.org.id }),
  })),

  /** Returns the invitation's token once; the page builds the link to copy from it. */
  invite: orgProcedure("admin")
    .input(z.object({ email: z.string(), role }))
    .mutation(({ ctx, input }) =>
      createInvitation(ctx.domain, {
        orgId: ctx.membership.org.id,
        ...input,
        actorRole: ctx.membership.role,
        createdBy: ctx.userId,
      }),
    ),

  revokeInvitation: orgProcedure("admin")
    .input(z.object({ invitationId: z.string().min(1) }))
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx.domain, { orgId: ctx.membership.org.id, invitationId: input.invitationId });
      return { revoked: true };
    }),

  changeRole: orgProcedure("admin")
    .input(z.object({ userId: z.string().min(1), role }))
    .mutation(async ({ ctx, input }) => {
      await changeMemberRole(ctx.domain, { orgId: ctx.membership.org.id, actorRole: ctx.membership.role, ...input });
      return { changed: true };
    }),

  remove: orgProcedure("admin")
    .input(z.object({ userId: z.string().min(1) }))
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx.domain, {
        orgId: ctx.membership.org.id,
        actorRole: ctx.membership.role,
        userId: input.userId,
      });
      return { removed: true };
    }),
});
