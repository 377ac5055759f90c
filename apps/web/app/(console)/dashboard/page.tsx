export { default } from "@/console/pages/dashboard";

export const metadata = { title: "Dashboard" };
