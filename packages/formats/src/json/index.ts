export { jsonFilter } from "./json-filter";
