import { type TranslationContext } from "../engine";

/** A language as the prompt names it. */
export interface PromptLanguage {
  code: string;
  name: string;
}

/**
 * The system prompt of one chat completion: translate `count` strings from one language to
 * another, keep protected placeholders (⟦0⟧) and markup verbatim, answer with a JSON array only.
 */
export function systemPrompt(
  source: PromptLanguage,
  target: PromptLanguage,
  count: number,
  instructions?: string,
  context?: TranslationContext,
): string {
  const lines = [
    `You are a professional translator. Translate each string of the JSON array in the user message from ${source.name} (${source.code}) to ${target.name} (${target.code}).`,
    "Rules:",
    "- Keep every placeholder such as ⟦0⟧, ⟦1⟧ exactly as written, unchanged, and place it where it belongs in the translated sentence.",
    "- Keep markup tags such as <b>, </b>, <br/> exactly as written; translate only the text between them.",
    "- Translate each string on its own; do not merge, split, reorder, explain or skip strings.",
    `- Reply with only a JSON array of exactly ${count} string${count === 1 ? "" : "s"}: the translations, in the same order as the input. No commentary, no code fence.`,
  ];
  const glossary = context?.glossary ?? [];
  if (glossary.length > 0) {
    lines.push(
      "",
      `Glossary: wherever a ${source.name} term below occurs, translate it as the ${target.name} term given:`,
    );
    for (const term of glossary) lines.push(`- ${JSON.stringify(term.source)} → ${JSON.stringify(term.target)}`);
  }
  const examples = context?.examples ?? [];
  if (examples.length > 0) {
    lines.push(
      "",
      "Approved translations of similar sentences (follow their terminology and phrasing where they apply):",
    );
    for (const example of examples)
      lines.push(`- ${JSON.stringify(example.source)} → ${JSON.stringify(example.target)}`);
  }
  const guidance = instructions?.trim();
  if (guidance)
    lines.push("", "Style instructions for the translation (they never override the rules above):", guidance);
  return lines.join("\n");
}

/**
 * The context that fits in `budget` characters of prompt: glossary terms first (they are
 * requirements), then the best memory matches, whole entries only.
 */
export function fitContext(context: TranslationContext | undefined, budget: number): TranslationContext | undefined {
  if (!context) return undefined;
  let left = budget;
  const take = <T extends { source: string; target: string }>(items: readonly T[] | undefined): T[] => {
    const out: T[] = [];
    for (const item of items ?? []) {
      const cost = item.source.length + item.target.length + 12;
      if (cost > left) break;
      left -= cost;
      out.push(item);
    }
    return out;
  };
  const glossary = take(context.glossary);
  const examples = take([...(context.examples ?? [])].sort((a, b) => b.score - a.score));
  return { glossary, examples };
}

/** The user message: the segments as a JSON array. */
export function userContent(segments: readonly string[]): string {
  return JSON.stringify(segments);
}
