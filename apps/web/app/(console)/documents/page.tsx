export { default } from "@/console/pages/documents";

export const metadata = { title: "Documents" };
