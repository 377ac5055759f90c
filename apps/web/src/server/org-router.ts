import { type Principal, translationFor } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

import { type AppContext } from "./context";

/**
 * The engines that serve the caller's organization: the deployment's, plus its own DeepL key's
 * when it saved one. Every language list and pair check of a request reads this router, so
 * what a list names is what that organization can translate.
 */
export async function routerFor(
  app: Pick<AppContext, "translation">,
  principal: Pick<Principal, "org">,
): Promise<EngineRouter> {
  return (await translationFor(app.translation, principal.org)).router;
}
