import { translateRequest } from "@tolk/contract";
import { type Principal, assertAllowed, listLanguages, translateText } from "@tolk/domain";

import { orgProcedure, router } from "../trpc";

export const translateRouter = router({
  /** The languages, each with the targets this deployment can reach (GET /v1/languages). */
  languages: orgProcedure("member").query(({ ctx }) => listLanguages((code) => ctx.translation.router.targetsOf(code))),

  /** The playground: the same use case, validation and billing as POST /v1/translate. */
  text: orgProcedure("member")
    .input(translateRequest)
    .mutation(async ({ ctx, input }) => {
      // A signed-in member acts like a session token: full access, the organization's limits.
      const principal: Principal = { source: "idp_jwt", userId: ctx.userId, org: ctx.membership.org, scopes: null, keyId: null };
      assertAllowed(await ctx.limiter.consume(principal, ["translate"]));
      return translateText(ctx.domain, ctx.translation, { principal, requestId: ctx.requestId, request: input });
    }),
});
