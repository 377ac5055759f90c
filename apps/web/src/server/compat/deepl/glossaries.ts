import { type GlossaryEntryInput, type GlossaryView, createGlossaryRequest } from "@tolk/contract";
import {
  type Principal,
  badRequest,
  createGlossary,
  listGlossaries,
  listGlossaryEntries,
  parseDelimitedGlossary,
} from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

import { type AppContext } from "../../context";
import { routerFor } from "../../org-router";
import { type Params } from "../params";
import { validated } from "../validate";
import { tolkLanguage } from "./languages";

export interface DeeplGlossary {
  glossary_id: string;
  name: string;
  ready: boolean;
  source_lang: string;
  target_lang: string;
  creation_time: string;
  entry_count: number;
}

/** A Tolk glossary in DeepL's fields; Tolk's glossaries are usable as soon as they exist. */
export const deeplGlossary = (g: GlossaryView): DeeplGlossary => ({
  glossary_id: g.id,
  name: g.name,
  ready: true,
  source_lang: g.source_lang,
  target_lang: g.target_lang,
  creation_time: g.created_at,
  entry_count: g.entry_count,
});

/** A glossary's language pair and entries as a DeepL request gives them (v2's fields, or one v3 dictionary). */
export interface DictionaryInput {
  source: string | undefined;
  target: string | undefined;
  entries: string | undefined;
  format: string | undefined;
}

export interface ParsedDictionary {
  sourceLang: string;
  targetLang: string;
  entries: GlossaryEntryInput[];
}

/**
 * Reads a dictionary: the languages (DeepL's codes), and the entries in `entries_format` tsv
 * (default) or csv, parsed by Tolk's glossary-file reader (a malformed line is a 400 naming it).
 * A pair no engine translates is a 400, as DeepL refuses a glossary for a pair it does not
 * support: Tolk would accept it, but it could never apply.
 */
export function readDictionary(router: EngineRouter, input: DictionaryInput): ParsedDictionary {
  const format = (input.format ?? "tsv").toLowerCase();
  if (format !== "tsv" && format !== "csv") throw badRequest("'entries_format' must be tsv or csv.", "entries_format");
  if (!input.source) throw badRequest("'source_lang' is required.", "source_lang");
  if (!input.target) throw badRequest("'target_lang' is required.", "target_lang");
  const sourceLang = tolkLanguage(input.source, "source_lang");
  const targetLang = tolkLanguage(input.target, "target_lang");
  if (sourceLang !== targetLang && !router.targetsOf(sourceLang).includes(targetLang)) {
    throw badRequest(
      `No engine translates ${sourceLang}→${targetLang} on this server, so a glossary for it would never apply (see GET /v3/languages?resource=glossary).`,
      "target_lang",
    );
  }
  const entries = input.entries ?? "";
  if (!entries.trim())
    throw badRequest("'entries' is required: the glossary's terms, one 'source<TAB>target' per line.", "entries");
  const parsed = parseDelimitedGlossary(entries, { delimiter: format === "tsv" ? "\t" : ",", sourceLang, targetLang });
  return { sourceLang, targetLang, entries: parsed.entries };
}

/** Creates a Tolk glossary (within the plan's limit) from a name and one dictionary. */
export async function createGlossaryFrom(
  app: AppContext,
  principal: Principal,
  name: string | undefined,
  dictionary: ParsedDictionary,
): Promise<GlossaryView> {
  const request = validated(createGlossaryRequest, {
    name,
    source_lang: dictionary.sourceLang,
    target_lang: dictionary.targetLang,
    entries: dictionary.entries,
  });
  return createGlossary(app.domain, { org: principal.org, request });
}

/** POST /v2/glossaries: `name`, `source_lang`, `target_lang`, `entries` in `entries_format`. */
export async function createDeeplGlossary(
  app: AppContext,
  principal: Principal,
  params: Params,
): Promise<DeeplGlossary> {
  const dictionary = readDictionary(await routerFor(app, principal), {
    source: params.get("source_lang"),
    target: params.get("target_lang"),
    entries: params.all("entries")[0],
    format: params.get("entries_format"),
  });
  return deeplGlossary(await createGlossaryFrom(app, principal, params.get("name"), dictionary));
}

/** Every page of a listing (DeepL's lists are not paged). */
export async function everyPage<T extends { id: string }>(
  fetch: (startingAfter: string | undefined) => Promise<{ items: T[]; has_more: boolean }>,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetch(after);
    all.push(...page.items);
    if (!page.has_more || page.items.length === 0) return all;
    after = page.items.at(-1)?.id;
  }
}

export async function listDeeplGlossaries(
  app: AppContext,
  principal: Principal,
): Promise<{ glossaries: DeeplGlossary[] }> {
  const items = await everyPage((after) =>
    listGlossaries(app.domain, { orgId: principal.org.id, query: { limit: 100, starting_after: after } }),
  );
  return { glossaries: items.map(deeplGlossary) };
}

/** GET /v2/glossaries/{id}/entries: DeepL's TSV, one `source<TAB>target` per line, no header. */
export async function deeplGlossaryEntries(app: AppContext, principal: Principal, glossaryId: string): Promise<string> {
  const items = await everyPage((after) =>
    listGlossaryEntries(app.domain, {
      orgId: principal.org.id,
      glossaryId,
      query: { limit: 100, starting_after: after },
    }),
  );
  return items.map((e) => `${e.source}\t${e.target}`).join("\n");
}
