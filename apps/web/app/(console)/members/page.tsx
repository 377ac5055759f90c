export { default } from "@/console/pages/members";
