export { default } from "@/console/pages/requests";

export const metadata = { title: "Requests" };
