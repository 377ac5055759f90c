import { type Formality } from "@tolk/contract";
import { brandVoices, glossaries, glossaryEntries, organizations, translationMemories } from "@tolk/db";
import { and, asc, eq, inArray } from "drizzle-orm";

import { type DomainContext } from "../context";
import { badRequest, unknownResource } from "../errors";
import { displayFormality } from "../resources/brand-voices/brand-voice-view";
import { loadMemoryIndex } from "../resources/memories/load-memory-index";
import { type MemoryIndex } from "../resources/memories/memory-index";
import { type VoiceRules } from "./brand-voice-rules";
import { type LocalizationChoice } from "./localization-applies";
import { type LocalizationTerms, loadLocalizationTerms } from "./localization-terms";
import { type Term, TermSet } from "./term-matcher";

/** What a request's resources mean for the segments of one target language. */
export interface SegmentResources {
  terms?: TermSet;
  /** The built-in localization table of the pair, when it applies (localization-terms.ts). */
  localization?: LocalizationTerms;
  memory?: { id: string; index: MemoryIndex };
  voice?: VoiceRules;
}

export interface TranslationResources {
  /** True when the request named any resource (its result then carries the extension fields). */
  any: boolean;
  glossaries: boolean;
  memory: boolean;
  /** True when a built-in localization table applies to some target (its terms are then reported). */
  localization: boolean;
  /** The request's memory, whatever its target (segmentation consults it once for all targets). */
  memoryIndex: MemoryIndex | null;
  voice: VoiceRules | null;
  forTarget(target: string): SegmentResources;
}

export interface ResourceRefs {
  glossary_ids?: string[];
  brand_voice_id?: string;
  tm_id?: string;
  /**
   * A formality asked for by the request itself (the DeepL API's `formality`): it applies as a
   * brand voice's formality would, over the named brand voice's own, or alone without one.
   */
  formality?: Formality;
}

/**
 * Loads the glossaries, translation memory and brand voice a translation request names, before
 * any work: an unknown id, or another organization's, is 400 naming it; a glossary or memory
 * whose source language is not the request's, or whose target is none of the request's targets,
 * is 400 too. Glossaries and memories apply to the target language they are written in.
 */
export async function resolveTranslationResources(
  ctx: DomainContext,
  options: {
    orgId: string;
    sourceLang: string;
    targetLangs: readonly string[];
    refs: ResourceRefs;
    /** Where the built-in localization tables apply (see localizationApplies). */
    localization?: LocalizationChoice;
  },
): Promise<TranslationResources> {
  const { refs, orgId } = options;
  const glossaryIds = [...new Set(refs.glossary_ids ?? [])];
  const targets = new Set(options.targetLangs);
  const fits = (what: string, id: string, param: string, row: { sourceLang: string; targetLang: string }) => {
    if (row.sourceLang !== options.sourceLang || !targets.has(row.targetLang)) {
      throw badRequest(
        `The ${what} '${id}' is for ${row.sourceLang}→${row.targetLang}; this request translates ${options.sourceLang}→${[...targets].join(", ")}.`,
        param,
      );
    }
  };

  const glossaryRows =
    glossaryIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(glossaries)
          .where(and(eq(glossaries.orgId, orgId), inArray(glossaries.id, glossaryIds)));
  const byId = new Map(glossaryRows.map((g) => [g.id, g]));
  for (const id of glossaryIds) {
    const row = byId.get(id);
    if (!row) throw unknownResource("glossary", id, "glossary_ids");
    fits("glossary", id, "glossary_ids", row);
  }

  let memory: { id: string; targetLang: string; revision: number } | null = null;
  if (refs.tm_id !== undefined) {
    const [row] = await ctx.db
      .select()
      .from(translationMemories)
      .where(and(eq(translationMemories.id, refs.tm_id), eq(translationMemories.orgId, orgId)));
    if (!row) throw unknownResource("translation memory", refs.tm_id, "tm_id");
    fits("translation memory", row.id, "tm_id", row);
    memory = row;
  }

  let voice: (VoiceRules & { preferred: Term[]; doNotTranslate: Term[] }) | null = null;
  if (refs.brand_voice_id !== undefined) {
    const [row] = await ctx.db
      .select()
      .from(brandVoices)
      .where(and(eq(brandVoices.id, refs.brand_voice_id), eq(brandVoices.orgId, orgId)));
    if (!row) throw unknownResource("brand voice", refs.brand_voice_id, "brand_voice_id");
    voice = {
      id: row.id,
      name: row.name,
      tone: row.tone,
      formality: displayFormality(row.formality),
      instructions: row.instructions,
      forbidden: row.forbiddenTerms,
      preferred: row.preferredTerms.map((t) => ({ ...t, origin: "brand_voice" })),
      doNotTranslate: row.doNotTranslate.map((t) => ({ source: t, target: t, origin: "do_not_translate" })),
    };
  }

  if (refs.formality !== undefined && refs.formality !== "Neutral") {
    voice = voice
      ? { ...voice, formality: refs.formality }
      : {
          id: "request",
          name: "request formality",
          tone: null,
          formality: refs.formality,
          instructions: null,
          forbidden: [],
          preferred: [],
          doNotTranslate: [],
        };
  }

  const entries =
    glossaryIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(glossaryEntries)
          .where(inArray(glossaryEntries.glossaryId, glossaryIds))
          .orderBy(asc(glossaryEntries.createdAt), asc(glossaryEntries.id));
  const memoryIndex = memory ? await loadMemoryIndex(ctx, memory) : null;
  const tables = new Map<string, LocalizationTerms>();
  const wanted = options.localization ? [...targets].filter(options.localization.targets) : [];
  // By default, unless the organization has switched its default off; a request's own choice stands.
  const orgOff =
    wanted.length > 0 &&
    !options.localization?.requested &&
    (
      await ctx.db
        .select({ on: organizations.localizationTerms })
        .from(organizations)
        .where(eq(organizations.id, orgId))
    )[0]?.on === false;
  for (const target of orgOff ? [] : wanted) {
    const table = await loadLocalizationTerms(options.sourceLang, target);
    if (table) tables.set(target, table);
  }

  const perTarget = new Map<string, SegmentResources>();
  return {
    any: glossaryIds.length > 0 || memory !== null || refs.brand_voice_id !== undefined,
    glossaries: glossaryIds.length > 0,
    memory: memory !== null,
    localization: tables.size > 0,
    memoryIndex,
    voice,
    forTarget(target) {
      const known = perTarget.get(target);
      if (known) return known;
      // Priority: do-not-translate, then glossaries in the order listed, then preferred terms.
      const terms: Term[] = [...(voice?.doNotTranslate ?? [])];
      for (const id of glossaryIds) {
        if (byId.get(id)?.targetLang !== target) continue;
        for (const e of entries)
          if (e.glossaryId === id) terms.push({ source: e.sourceTerm, target: e.targetTerm, origin: id });
      }
      terms.push(...(voice?.preferred ?? []));
      const resources: SegmentResources = {
        terms: terms.length > 0 ? new TermSet(terms) : undefined,
        memory:
          memory && memoryIndex && memory.targetLang === target ? { id: memory.id, index: memoryIndex } : undefined,
        voice: voice ?? undefined,
        localization: tables.get(target),
      };
      perTarget.set(target, resources);
      return resources;
    },
  };
}
