export * from "./filter";
export { filterFor } from "./registry";
