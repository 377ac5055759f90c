export { default } from "@/console/pages/memories";

export const metadata = { title: "Translation memories" };
