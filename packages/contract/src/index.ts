export * from "./account";
export * from "./documents";
export * from "./envelope";
export * from "./errors";
export * from "./formats";
export * from "./languages";
export * from "./openapi";
export * from "./translate";
