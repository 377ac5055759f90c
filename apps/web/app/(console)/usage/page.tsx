export { default } from "@/console/pages/usage";
