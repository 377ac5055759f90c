export { default } from "@/console/pages/audit";

export const metadata = { title: "Audit log" };
