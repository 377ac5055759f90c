export { default } from "@/console/pages/memories";
