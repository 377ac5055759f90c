export { default } from "@/console/pages/glossaries";
