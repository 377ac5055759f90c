export { default } from "@/console/pages/usage";

export const metadata = { title: "Usage" };
