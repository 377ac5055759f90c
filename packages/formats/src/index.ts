export * from "./filter";
export { filterFor } from "./registry";
export { extractSegments } from "./extract-segments";
export { repairCodes, stripCodes } from "./common/inline-codes";
export * from "./xml";
