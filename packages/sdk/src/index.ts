export * from "./client";
