export { default } from "@/console/pages/audit";
