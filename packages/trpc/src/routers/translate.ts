import { translateRequest } from "@tolk/contract";
import { listLanguages, translateText } from "@tolk/domain";

import { orgProcedure, router } from "../trpc";

export const translateRouter = router({
  /** The languages, each with the targets this deployment can reach (GET /v1/languages). */
  languages: orgProcedure("member").query(({ ctx }) => listLanguages((code) => ctx.translation.router.targetsOf(code))),

  /** The playground: the same use case, validation and billing as POST /v1/translate. */
  text: orgProcedure("member")
    .input(translateRequest)
    .mutation(({ ctx, input }) =>
      translateText(ctx.domain, ctx.translation, {
        principal: { source: "idp_jwt", userId: ctx.userId, org: ctx.membership.org, scopes: null, keyId: null },
        requestId: ctx.requestId,
        request: input,
      }),
    ),
});
