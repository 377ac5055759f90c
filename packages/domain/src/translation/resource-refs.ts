import { unknownResource } from "../errors";

/**
 * Glossaries, translation memories and brand voices do not exist yet (they arrive with the
 * resources issue), so every id a request names is unknown: 400 naming it, before any work.
 */
export async function assertNoResourceRefs(request: {
  glossary_ids?: string[];
  brand_voice_id?: string;
  tm_id?: string;
}): Promise<void> {
  const [glossary] = request.glossary_ids ?? [];
  if (glossary !== undefined) throw unknownResource("glossary", glossary, "glossary_ids");
  if (request.tm_id !== undefined) throw unknownResource("translation memory", request.tm_id, "tm_id");
  if (request.brand_voice_id !== undefined) throw unknownResource("brand voice", request.brand_voice_id, "brand_voice_id");
}
