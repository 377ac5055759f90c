import { type EngineRouter } from "@tolk/engines";

import { hasFormalityPostEdit } from "./brand-voice-rules";

/**
 * Whether a formality (a brand voice's, or a request's own) can change translations into
 * `target` on this deployment: an engine that takes instructions (the LLM) translates into it,
 * or Apertium's output has a formality post-edit for it (translate-segments.ts, formalityChannel).
 */
export function supportsFormality(router: EngineRouter, target: string): boolean {
  if (hasFormalityPostEdit(target, "Formal") && router.engines.some((e) => e.name === "apertium")) return true;
  return router.engines.some((e) => e.name.split(":")[0] === "llm" && e.pairs().some((p) => p.target === target));
}
