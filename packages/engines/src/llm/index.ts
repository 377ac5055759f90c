export { createLlmEngine, type LlmEngineOptions } from "./engine";
export { type LlmModels } from "./models";
