export { xliffFilter } from "./xliff-filter";
