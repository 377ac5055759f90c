export * from "./api-keys";
export * from "./credits";
export * from "./documents";
export * from "./idempotency";
export * from "./organizations";
export * from "./signing-keys";
export * from "./usage";
