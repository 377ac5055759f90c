export * from "./api-keys";
export * from "./console";
export * from "./credits";
export * from "./idempotency";
export * from "./organizations";
export * from "./resources";
export * from "./signing-keys";
export * from "./usage";
