export * from "./engine";
export * from "./router";
export { EngineHttpError, type HttpFailure, type HttpOptions } from "./http";
export * from "./llm";
export * from "./libretranslate";
