import { deeplWire } from "@/server/compat/deepl/wire";
import { apiNotFound } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiNotFound(deeplWire);
