import { v1NotFound } from "@/server/v1/route";

export const dynamic = "force-dynamic";

// `/v1` itself is no endpoint; the catch-all below it needs at least one segment.
export const { GET, POST, PUT, PATCH, DELETE } = v1NotFound();
