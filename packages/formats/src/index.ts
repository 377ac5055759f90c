export * from "./filter";
export { filterFor } from "./registry";
export { repairCodes, stripCodes } from "./common/inline-codes";
