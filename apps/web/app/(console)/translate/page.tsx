export { default } from "@/console/pages/translate";

export const metadata = { title: "Translate" };
