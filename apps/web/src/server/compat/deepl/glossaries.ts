import { type GlossaryView, createGlossaryRequest } from "@tolk/contract";
import { type Principal, badRequest, createGlossary, listGlossaries, listGlossaryEntries, parseDelimitedGlossary } from "@tolk/domain";

import { type AppContext } from "../../context";
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

/**
 * POST /v2/glossaries: `name`, `source_lang`, `target_lang`, `entries` in `entries_format` tsv
 * (default) or csv. The entries are parsed by Tolk's glossary-file reader (a malformed line is
 * a 400 naming it) and created with the glossary in one step, within the plan's limit.
 */
export async function createDeeplGlossary(app: AppContext, principal: Principal, params: Params): Promise<DeeplGlossary> {
  const format = (params.get("entries_format") ?? "tsv").toLowerCase();
  if (format !== "tsv" && format !== "csv") throw badRequest("'entries_format' must be tsv or csv.", "entries_format");
  const source = params.get("source_lang");
  const target = params.get("target_lang");
  if (!source) throw badRequest("'source_lang' is required.", "source_lang");
  if (!target) throw badRequest("'target_lang' is required.", "target_lang");
  const sourceLang = tolkLanguage(source, "source_lang");
  const targetLang = tolkLanguage(target, "target_lang");
  const entries = params.all("entries")[0] ?? "";
  if (!entries.trim()) throw badRequest("'entries' is required: the glossary's terms, one 'source<TAB>target' per line.", "entries");
  const parsed = parseDelimitedGlossary(entries, { delimiter: format === "tsv" ? "\t" : ",", sourceLang, targetLang });
  const request = validated(createGlossaryRequest, { name: params.get("name"), source_lang: sourceLang, target_lang: targetLang, entries: parsed.entries });
  return deeplGlossary(await createGlossary(app.domain, { org: principal.org, request }));
}

/** Every page of a listing (DeepL's lists are not paged). */
async function everyPage<T extends { id: string }>(fetch: (startingAfter: string | undefined) => Promise<{ items: T[]; has_more: boolean }>): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetch(after);
    all.push(...page.items);
    if (!page.has_more || page.items.length === 0) return all;
    after = page.items.at(-1)?.id;
  }
}

export async function listDeeplGlossaries(app: AppContext, principal: Principal): Promise<{ glossaries: DeeplGlossary[] }> {
  const items = await everyPage((after) => listGlossaries(app.domain, { orgId: principal.org.id, query: { limit: 100, starting_after: after } }));
  return { glossaries: items.map(deeplGlossary) };
}

/** GET /v2/glossaries/{id}/entries: DeepL's TSV, one `source<TAB>target` per line, no header. */
export async function deeplGlossaryEntries(app: AppContext, principal: Principal, glossaryId: string): Promise<string> {
  const items = await everyPage((after) =>
    listGlossaryEntries(app.domain, { orgId: principal.org.id, glossaryId, query: { limit: 100, starting_after: after } }),
  );
  return items.map((e) => `${e.source}\t${e.target}`).join("\n");
}
