import { handlers } from "@/server/auth/config";
import { observedRoute } from "@/server/observe-route";

export const dynamic = "force-dynamic";
export const GET = observedRoute("/api/auth/[...nextauth]", handlers.GET);
export const POST = observedRoute("/api/auth/[...nextauth]", handlers.POST);
