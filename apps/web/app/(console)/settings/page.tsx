export { default } from "@/console/pages/settings";

export const metadata = { title: "Settings" };
