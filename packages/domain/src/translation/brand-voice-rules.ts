import { type Formality } from "@tolk/contract";
import { type ForbiddenTerm } from "@tolk/db";

import { followCase } from "./term-matcher";

/** A brand voice as the translation pipeline uses it. */
export interface VoiceRules {
  id: string;
  name: string;
  tone: string | null;
  formality: Formality;
  instructions: string | null;
  forbidden: readonly ForbiddenTerm[];
}

/** The engine guidance of a brand voice (engines that take instructions, the LLM, put it in their prompt). */
export function voiceInstructions(voice: VoiceRules): string | undefined {
  const lines: string[] = [];
  if (voice.formality === "Formal")
    lines.push("Formality: formal. Address the reader formally (e.g. Spanish usted, German Sie, French vous).");
  if (voice.formality === "Informal")
    lines.push("Formality: informal. Address the reader informally (e.g. Spanish tú, German du, French tu).");
  if (voice.tone) lines.push(`Tone: ${voice.tone}.`);
  if (voice.instructions) lines.push(voice.instructions);
  return lines.length > 0 ? lines.join("\n") : undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

/**
 * Forbidden terms never reach the output. Each occurrence (whole word, any case) is replaced by
 * the term's replacement when it has one (in the case of the occurrence); otherwise it is removed
 * and a warning names it, because the sentence may need a human look.
 */
export function removeForbiddenTerms(
  text: string,
  forbidden: readonly ForbiddenTerm[],
): { text: string; removed: string[] } {
  let out = text;
  const removed: string[] = [];
  // Longest first, so "bad word" goes before "bad".
  for (const f of [...forbidden].sort((a, b) => b.term.length - a.term.length)) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(f.term)}(?![\\p{L}\\p{N}])`, "giu");
    if (!pattern.test(out)) continue;
    pattern.lastIndex = 0;
    if (f.replacement !== undefined) {
      const replacement = f.replacement;
      out = out.replace(pattern, (m) => followCase(m, replacement));
    } else {
      out = out.replace(pattern, "");
      removed.push(f.term);
    }
  }
  if (removed.length > 0) out = tidy(out);
  return { text: out, removed };
}

/** Spaces left by a removal: no doubles, none before punctuation, none at the ends. */
const tidy = (text: string) =>
  text
    .replace(/ {2,}/gu, " ")
    .replace(/ +([,.;:!?)\]])/gu, "$1")
    .replace(/\( +/gu, "(")
    .trim();
