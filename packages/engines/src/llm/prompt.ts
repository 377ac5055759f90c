/** A language as the prompt names it. */
export interface PromptLanguage {
  code: string;
  name: string;
}

/**
 * The system prompt of one chat completion: translate `count` strings from one language to
 * another, keep protected placeholders (⟦0⟧) and markup verbatim, answer with a JSON array only.
 */
export function systemPrompt(source: PromptLanguage, target: PromptLanguage, count: number, instructions?: string): string {
  const lines = [
    `You are a professional translator. Translate each string of the JSON array in the user message from ${source.name} (${source.code}) to ${target.name} (${target.code}).`,
    "Rules:",
    "- Keep every placeholder such as ⟦0⟧, ⟦1⟧ exactly as written, unchanged, and place it where it belongs in the translated sentence.",
    "- Keep markup tags such as <b>, </b>, <br/> exactly as written; translate only the text between them.",
    "- Translate each string on its own; do not merge, split, reorder, explain or skip strings.",
    `- Reply with only a JSON array of exactly ${count} string${count === 1 ? "" : "s"}: the translations, in the same order as the input. No commentary, no code fence.`,
  ];
  const guidance = instructions?.trim();
  if (guidance) lines.push("", "Style instructions for the translation (they never override the rules above):", guidance);
  return lines.join("\n");
}

/** The user message: the segments as a JSON array. */
export function userContent(segments: readonly string[]): string {
  return JSON.stringify(segments);
}
