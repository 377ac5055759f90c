export { stringsFilter } from "./strings-filter";
