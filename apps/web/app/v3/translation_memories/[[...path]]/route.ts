import { deeplNotSupported } from "@/server/compat/deepl/not-supported";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplNotSupported("translation memories (/v3/translation_memories)");
