export { default } from "@/console/pages/brand-voices";
