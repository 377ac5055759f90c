export { default } from "@/console/pages/keys";

export const metadata = { title: "API keys" };
