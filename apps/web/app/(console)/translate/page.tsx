export { default } from "@/console/pages/translate";
