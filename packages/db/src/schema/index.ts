export * from "./api-keys";
export * from "./console";
export * from "./credits";
export * from "./idempotency";
export * from "./organizations";
export * from "./signing-keys";
export * from "./usage";
