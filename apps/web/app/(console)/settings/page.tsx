export { default } from "@/console/pages/settings";
