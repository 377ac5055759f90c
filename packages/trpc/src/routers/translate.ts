import { analyzeRequest, translateRequest } from "@tolk/contract";
import { analyzeText, assertAllowed, listLanguages, translateText, translationFor } from "@tolk/domain";

import { loggedOrgProcedure } from "../logged-procedure";
import { memberPrincipal } from "../principal";
import { orgProcedure, router } from "../trpc";

export const translateRouter = router({
  /** The languages, each with the targets this organization can reach (its own DeepL key included) (GET /v1/languages). */
  languages: orgProcedure("member").query(async ({ ctx }) =>
    listLanguages((await translationFor(ctx.translation, ctx.membership.org)).router),
  ),

  /** The playground: the same use case, validation and billing as POST /v1/translate, and in the request log. */
  text: loggedOrgProcedure("member")
    .input(translateRequest)
    .mutation(async ({ ctx, input }) => {
      const principal = memberPrincipal(ctx);
      assertAllowed(await ctx.limiter.consume(principal, ["translate"]));
      return translateText(ctx.domain, ctx.translation, { principal, requestId: ctx.requestId, request: input });
    }),

  /** The Analyze panel: POST /v1/analyze/headless, free of credits, on its own rate-limit bucket. */
  analyze: orgProcedure("member")
    .input(analyzeRequest)
    .mutation(async ({ ctx, input }) => {
      assertAllowed(await ctx.limiter.consume(memberPrincipal(ctx), ["analyze"]));
      return analyzeText({ text: input.text });
    }),
});
