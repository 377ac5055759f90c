export { default } from "@/console/pages/documents";
