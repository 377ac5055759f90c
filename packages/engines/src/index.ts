export * from "./engine";
export * from "./router";
export { EngineHttpError, type HttpFailure, type HttpOptions } from "./http";
export * from "./llm";
export * from "./libretranslate";
export * from "./deepl";
export * from "./apertium/apertium-engine";
export { type ApertiumMode, discoverModes, toIso639_1 } from "./apertium/modes";
export * from "./create-engines";
