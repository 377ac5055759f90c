// LibreTranslate's language codes, mapped to the ISO 639-1 codes Tolk speaks. Servers differ by
// version: older ones say "zh" / "zt" (Traditional) and "pb" (Brazilian Portuguese), newer ones
// "zh-Hans" / "zh-Hant" and "pt-BR". Every variant maps to its language's ISO code; where a
// server has several for one language, the plain or main variant serves it (zh-Hans over
// zh-Hant, pt over pt-BR). Codes that map to no known language are dropped.
import { type LanguagePair, pairKey } from "../engine";

/** One entry of GET /languages. */
export interface LibreLanguage {
  code: string;
  name?: string;
  /** Absent on old servers, which translate every listed language into every other. */
  targets?: string[];
}

/** A pair Tolk serves, with the codes the server wants for it. */
export interface LibrePair {
  pair: LanguagePair;
  source: string;
  target: string;
}

// Server codes that are not an ISO 639-1 code followed by a subtag.
const ALIASES: Readonly<Record<string, string>> = {
  zt: "zh",
  pb: "pt",
  iw: "he",
  in: "id",
  ji: "yi",
  jw: "jv",
  fil: "tl",
};
// Variants that serve their language only when the server has no main one.
const SECONDARY = new Set(["zt", "zh-hant", "zh-tw", "zh-hk", "pb", "pt-br"]);

/** The ISO 639-1 code of a server code, or null when it maps to none of `known`. */
export function toIso(code: string, known: ReadonlySet<string>): string | null {
  const lower = code.trim().toLowerCase().replace(/_/gu, "-");
  const primary = ALIASES[lower] ?? lower.split("-")[0] ?? "";
  const iso = ALIASES[primary] ?? primary;
  return known.has(iso) ? iso : null;
}

/** 0 for the plain ISO code, 1 for other variants, 2 for secondary variants. */
function rank(code: string, iso: string): number {
  const lower = code.toLowerCase().replace(/_/gu, "-");
  if (lower === iso) return 0;
  return SECONDARY.has(lower) ? 2 : 1;
}

/** Reads a GET /languages body; throws a description of what is wrong. */
export function readLanguages(body: unknown): LibreLanguage[] {
  if (!Array.isArray(body)) throw new Error("GET /languages did not return a JSON array");
  return body.flatMap((item: unknown): LibreLanguage[] => {
    if (!item || typeof item !== "object") return [];
    const { code, name, targets } = item as { code?: unknown; name?: unknown; targets?: unknown };
    if (typeof code !== "string") return [];
    return [
      {
        code,
        ...(typeof name === "string" ? { name } : {}),
        ...(Array.isArray(targets) ? { targets: targets.filter((t): t is string => typeof t === "string") } : {}),
      },
    ];
  });
}

/** Every ISO pair the server serves, each with the server codes to send for it. */
export function discoverPairs(languages: readonly LibreLanguage[], known: ReadonlySet<string>): LibrePair[] {
  const everyCode = languages.map((l) => l.code);
  const byRank = (codes: readonly string[]) =>
    codes
      .flatMap((code) => {
        const iso = toIso(code, known);
        return iso ? [{ code, iso, rank: rank(code, iso) }] : [];
      })
      .sort((a, b) => a.rank - b.rank);

  const found = new Map<string, LibrePair>();
  for (const source of byRank(everyCode)) {
    const entry = languages.find((l) => l.code === source.code);
    for (const target of byRank(entry?.targets ?? everyCode)) {
      if (target.iso === source.iso) continue;
      const pair = { source: source.iso, target: target.iso };
      if (!found.has(pairKey(pair))) found.set(pairKey(pair), { pair, source: source.code, target: target.code });
    }
  }
  return [...found.values()];
}
