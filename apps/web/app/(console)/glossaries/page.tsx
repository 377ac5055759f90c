export { default } from "@/console/pages/glossaries";

export const metadata = { title: "Glossaries" };
