export { default } from "@/console/pages/dashboard";
