import { isLanguageCode } from "@tolk/contract";
import { listLanguages } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

/**
 * GET /v1/languages as the compatibility lists start from it: each language's `targets` without
 * any code an engine reports that Tolk's catalog lacks, since no request can name it, and only
 * the languages that are a source or a target of some pair.
 */
export function servedLanguages(router: EngineRouter): { code: string; name: string; targets: string[] }[] {
  const { languages } = listLanguages({
    targetsOf: (code) => router.targetsOf(code).filter(isLanguageCode),
    describe: (source, target) => router.describe(source, target),
  });
  const reachable = new Set(languages.flatMap((l) => l.targets));
  return languages
    .filter((l) => l.targets.length > 0 || reachable.has(l.code))
    .map((l) => ({ code: l.code, name: l.name, targets: l.targets }));
}
