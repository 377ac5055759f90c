export { default } from "@/console/pages/keys";
