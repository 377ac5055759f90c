import { type BrandVoiceApplied, type TermApplied, type TmMatch } from "@tolk/contract";

import { type TranslationResources } from "./resolve-resources";
import {
  type FormalityAppliedBy,
  type SegmentTmMatch,
  type TermUse,
  type TranslatedSegments,
} from "./translate-segments";

/**
 * The extension fields of a translation result, from what translateSegments reports. Each is
 * present only when the request named the resource it reports on: `tm_match` with `tm_id`,
 * `glossary_terms_applied` with `glossary_ids`, a brand voice or the built-in localization
 * terms (origin "localization"), `brand_voice_applied` with
 * `brand_voice_id`, `warnings` when there is one.
 */

export function tmMatchesOf(
  matches: readonly (SegmentTmMatch | null)[],
  offset = 0,
  count = matches.length,
): TmMatch[] {
  const out: TmMatch[] = [];
  for (let i = offset; i < offset + count; i++) {
    const m = matches[i];
    if (m) out.push({ segment: i - offset, score: m.score, unit_id: m.unitId, level: m.level, repaired: m.repaired });
  }
  return out;
}

/** Uses summed per (origin, source, target), in order of first use. */
export function termsAppliedOf(uses: readonly (readonly TermUse[])[]): TermApplied[] {
  const byKey = new Map<string, TermApplied>();
  for (const list of uses) {
    for (const u of list) {
      const key = `${u.origin}\u0000${u.source}\u0000${u.target}`;
      const known = byKey.get(key);
      if (known) known.count++;
      else byKey.set(key, { source: u.source, target: u.target, origin: u.origin, count: 1 });
    }
  }
  return [...byKey.values()];
}

export function warningsOf(removed: readonly (readonly string[])[], label: (segment: number) => string): string[] {
  const out: string[] = [];
  removed.forEach((terms, i) => {
    for (const term of terms) {
      out.push(`Forbidden term '${term}' was removed from ${label(i)}: no replacement is set, review the sentence.`);
    }
  });
  return out;
}

export function brandVoiceAppliedOf(
  resources: TranslationResources,
  by: FormalityAppliedBy,
): BrandVoiceApplied | undefined {
  const v = resources.voice;
  return v ? { id: v.id, name: v.name, tone: v.tone, formality: v.formality, formality_applied_by: by } : undefined;
}

/** The extension fields of POST /v1/translate. */
export function textEffects(resources: TranslationResources, translated: TranslatedSegments) {
  if (!resources.any && !resources.localization) return {};
  const warnings = warningsOf(translated.removedForbidden, (i) => `segment ${i}`);
  return {
    ...(resources.memory ? { tm_match: tmMatchesOf(translated.tmMatches) } : {}),
    ...(resources.glossaries || resources.voice || resources.localization
      ? { glossary_terms_applied: termsAppliedOf(translated.termsApplied) }
      : {}),
    ...(resources.voice ? { brand_voice_applied: brandVoiceAppliedOf(resources, translated.formalityAppliedBy) } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** The extension fields of POST /v1/translate/batch: per target language, then per key. */
export function batchEffects(
  resources: TranslationResources,
  perTarget: readonly { target: string; translated: TranslatedSegments }[],
  keys: readonly { key: string; segments: number }[],
) {
  if (!resources.any && !resources.localization) return {};
  const tm: Record<string, Record<string, TmMatch[]>> = {};
  const terms: Record<string, TermApplied[]> = {};
  const voices: Record<string, BrandVoiceApplied> = {};
  const warnings: string[] = [];
  for (const { target, translated } of perTarget) {
    const byKey: Record<string, TmMatch[]> = {};
    let offset = 0;
    for (const { key, segments } of keys) {
      const matches = tmMatchesOf(translated.tmMatches, offset, segments);
      if (matches.length > 0) byKey[key] = matches;
      const removed = translated.removedForbidden.slice(offset, offset + segments);
      warnings.push(...warningsOf(removed, (i) => `'${key}' (${target}, segment ${i})`));
      offset += segments;
    }
    tm[target] = byKey;
    terms[target] = termsAppliedOf(translated.termsApplied);
    const voice = brandVoiceAppliedOf(resources, translated.formalityAppliedBy);
    if (voice) voices[target] = voice;
  }
  return {
    ...(resources.memory ? { tm_match: tm } : {}),
    ...(resources.glossaries || resources.voice || resources.localization ? { glossary_terms_applied: terms } : {}),
    ...(resources.voice ? { brand_voice_applied: voices } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
