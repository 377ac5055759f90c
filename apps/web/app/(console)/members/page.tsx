export { default } from "@/console/pages/members";

export const metadata = { title: "Members" };
