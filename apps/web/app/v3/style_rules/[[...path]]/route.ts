import { deeplNotSupported } from "@/server/compat/deepl/not-supported";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplNotSupported("style rules (/v3/style_rules)");
