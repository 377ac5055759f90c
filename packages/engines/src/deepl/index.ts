export {
  checkDeeplKey,
  createDeeplEngine,
  type DeeplEngineOptions,
  DEEPL_FREE_URL,
  DEEPL_PRO_URL,
  deeplServerUrl,
  defaultDeeplUrl,
} from "./engine";
export { parseTargetVariants } from "./languages";
