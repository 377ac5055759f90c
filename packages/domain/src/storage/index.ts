export * from "./create-storage";
export * from "./local-storage";
export * from "./object-storage";
export * from "./s3-storage";
