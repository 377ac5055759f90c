export { default } from "@/console/pages/requests";
