export { poFilter } from "./po-filter";
