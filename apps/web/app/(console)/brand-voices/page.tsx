export { default } from "@/console/pages/brand-voices";

export const metadata = { title: "Brand voices" };
