export { createDeeplEngine, type DeeplEngineOptions, DEEPL_FREE_URL, DEEPL_PRO_URL, defaultDeeplUrl } from "./engine";
export { parseTargetVariants } from "./languages";
