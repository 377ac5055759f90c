import { type EngineRouter } from "@tolk/engines";

/**
 * Whether a formality (a brand voice's, or a request's own) can change translations into
 * `target` on this deployment: an engine that takes instructions (the LLM) translates into it,
 * or an engine that sets the address of its own output (Apertium) translates into it and has
 * the target language's rules (translate-segments.ts, formalityChannel).
 */
export function supportsFormality(router: EngineRouter, target: string): boolean {
  return router.engines.some((e) => {
    const intoTarget = e.pairs().some((p) => p.target === target);
    if (!intoTarget) return false;
    return e.name.split(":")[0] === "llm" || (e.addressLanguages?.().includes(target) ?? false);
  });
}
