export { yamlFilter } from "./yaml-filter";
