import { handlers } from "@/server/auth/config";

export const dynamic = "force-dynamic";
export const { GET, POST } = handlers;
