import { FORMATS, LANGUAGES, findLanguage } from "@tolk/contract";

/** How one pair is served (EngineRouter.describe). */
export interface PairRouteInfo {
  engine: string;
  pivot: string | null;
  pivots: string[];
  /** The script of the output when the engine does not write the language's usual one. */
  script: string | null;
}

/** What GET /v1/languages asks of the engines: the router, or nothing (no engines). */
export interface LanguageRouting {
  targetsOf(code: string): string[];
  describe(source: string, target: string): PairRouteInfo | null;
}

/**
 * GET /v1/languages. Extensions: `targets`, the languages this deployment can translate each one
 * into, directly or through up to two pivots, as the configured engines report; `routes`, per target,
 * the engine that serves it (TOLK_ENGINE_ROUTES or the default), the pivot, and the script the
 * output is written in.
 */
export function listLanguages(routing?: LanguageRouting) {
  const languages = LANGUAGES.map((l) => {
    const targets = routing?.targetsOf(l.code) ?? [];
    const routes = targets.flatMap((target) => {
      const info = routing?.describe(l.code, target);
      if (!info) return [];
      return [
        {
          target,
          engine: info.engine,
          pivot: info.pivot,
          pivots: info.pivots,
          script: info.script ?? findLanguage(target)?.script ?? "latin",
        },
      ];
    });
    return {
      code: l.code,
      name: l.name,
      direction: l.direction,
      script: l.script,
      credit_weight: l.credit_weight,
      targets,
      routes,
    };
  });
  return { languages, total: languages.length };
}

/** GET /v1/formats. */
export function listFormats() {
  const formats = FORMATS.map((f) => ({ ...f }));
  return { formats, total: formats.length };
}
