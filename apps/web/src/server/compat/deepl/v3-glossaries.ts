import { type GlossaryView, updateGlossaryRequest } from "@tolk/contract";
import {
  type Principal,
  addGlossaryEntries,
  badRequest,
  getGlossary,
  listGlossaries,
  notFound,
  replaceGlossaryEntries,
  updateGlossary,
} from "@tolk/domain";

import { type AppContext } from "../../context";
import { routerFor } from "../../org-router";
import { Params } from "../params";
import { validated } from "../validate";
import {
  type DictionaryInput,
  createGlossaryFrom,
  deeplGlossaryEntries,
  everyPage,
  readDictionary,
} from "./glossaries";
import { tolkLanguage } from "./languages";

/**
 * DeepL's v3 multilingual glossaries over Tolk's glossaries. A Tolk glossary holds one language
 * pair, so a v3 glossary here has exactly one dictionary: creating one with several is a 400,
 * and a dictionary of another pair cannot be added to it. Everything else maps one to one, and
 * the glossary is the same one /v1 and /v2 see (its id is the `glossary_id` of /v2/translate).
 */
export interface V3Dictionary {
  source_lang: string;
  target_lang: string;
  entry_count: number;
}

export interface V3Glossary {
  glossary_id: string;
  name: string;
  dictionaries: V3Dictionary[];
  creation_time: string;
}

const dictionaryOf = (g: GlossaryView): V3Dictionary => ({
  source_lang: g.source_lang,
  target_lang: g.target_lang,
  entry_count: g.entry_count,
});

export const v3Glossary = (g: GlossaryView): V3Glossary => ({
  glossary_id: g.id,
  name: g.name,
  dictionaries: [dictionaryOf(g)],
  creation_time: g.created_at,
});

/**
 * A v3 request's fields: JSON (Weblate: `{"name", "dictionaries": [{…}]}`) or a form, where
 * deepl-node writes each dictionary's fields as `dictionaries[0].source_lang` and so on.
 */
export interface V3Body {
  name: string | undefined;
  /** The dictionaries, when the request has the field. */
  dictionaries: DictionaryInput[] | undefined;
  /** A top-level dictionary (PUT …/dictionaries). */
  dictionary: DictionaryInput;
}

export async function readV3Body(req: Request, rawBody: Uint8Array): Promise<V3Body> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json") && rawBody.byteLength > 0) {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(rawBody));
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw badRequest("The request body must be a JSON object.");
    const record = body as Record<string, unknown>;
    const list = record.dictionaries;
    if (list !== undefined && !Array.isArray(list))
      throw badRequest("'dictionaries' must be an array of dictionaries.", "dictionaries");
    return {
      name: text(record, "name"),
      dictionaries: list?.map((d, i) => {
        if (d === null || typeof d !== "object" || Array.isArray(d))
          throw badRequest(`'dictionaries[${i}]' must be an object.`, "dictionaries");
        return dictionaryFrom((f) => text(d as Record<string, unknown>, f, `dictionaries[${i}].${f}`));
      }),
      dictionary: dictionaryFrom((f) => text(record, f)),
    };
  }
  const params = await Params.read(req, rawBody);
  const indexes = [...new Set(params.names().flatMap((n) => /^dictionaries\[(\d+)\]\./u.exec(n)?.[1] ?? []))]
    .map(Number)
    .sort((a, b) => a - b);
  return {
    name: params.get("name"),
    dictionaries:
      indexes.length > 0 ? indexes.map((i) => dictionaryFrom((f) => params.get(`dictionaries[${i}].${f}`))) : undefined,
    dictionary: dictionaryFrom((f) => params.get(f)),
  };
}

function text(record: Record<string, unknown>, field: string, label = field): string | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest(`'${label}' must be a string.`, label);
  return value.trim() === "" ? undefined : value;
}

const dictionaryFrom = (get: (field: string) => string | undefined): DictionaryInput => ({
  source: get("source_lang"),
  target: get("target_lang"),
  entries: get("entries"),
  format: get("entries_format"),
});

const ONE_PAIR = "A Tolk glossary holds one language pair: create one glossary per dictionary.";

/** POST /v3/glossaries: a name and exactly one dictionary. */
export async function createV3Glossary(app: AppContext, principal: Principal, body: V3Body): Promise<V3Glossary> {
  const dictionaries = body.dictionaries ?? [];
  if (dictionaries.length === 0)
    throw badRequest("'dictionaries' is required: the glossary's language pair and entries.", "dictionaries");
  const [only] = dictionaries;
  if (dictionaries.length > 1 || !only) throw badRequest(ONE_PAIR, "dictionaries");
  return v3Glossary(
    await createGlossaryFrom(app, principal, body.name, readDictionary(await routerFor(app, principal), only)),
  );
}

export async function listV3Glossaries(app: AppContext, principal: Principal): Promise<{ glossaries: V3Glossary[] }> {
  const items = await everyPage((after) =>
    listGlossaries(app.domain, { orgId: principal.org.id, query: { limit: 100, starting_after: after } }),
  );
  return { glossaries: items.map(v3Glossary) };
}

export async function getV3Glossary(app: AppContext, principal: Principal, id: string): Promise<V3Glossary> {
  return v3Glossary(await getGlossary(app.domain, { orgId: principal.org.id, id }));
}

/**
 * The glossary, when the request names its pair: a v3 dictionary is addressed by its languages.
 * Another pair is a 404 (deepl-node: GlossaryNotFoundError), as DeepL answers a missing dictionary.
 */
async function glossaryWithPair(
  app: AppContext,
  principal: Principal,
  id: string,
  source: string | undefined,
  target: string | undefined,
) {
  const g = await getGlossary(app.domain, { orgId: principal.org.id, id });
  if (!source) throw badRequest("'source_lang' is required.", "source_lang");
  if (!target) throw badRequest("'target_lang' is required.", "target_lang");
  const s = tolkLanguage(source, "source_lang");
  const t = tolkLanguage(target, "target_lang");
  if (s !== g.source_lang || t !== g.target_lang) {
    throw notFound(`A ${s}→${t} dictionary in glossary '${id}' (it holds ${g.source_lang}→${g.target_lang} only)`);
  }
  return g;
}

/** GET /v3/glossaries/{id}/entries?source_lang&target_lang: the dictionary's entries as TSV. */
export async function v3GlossaryEntries(app: AppContext, principal: Principal, id: string, params: Params) {
  const g = await glossaryWithPair(app, principal, id, params.get("source_lang"), params.get("target_lang"));
  const entries = await deeplGlossaryEntries(app, principal, g.id);
  return { dictionaries: [{ source_lang: g.source_lang, target_lang: g.target_lang, entries, entries_format: "tsv" }] };
}

/** PUT /v3/glossaries/{id}/dictionaries: the dictionary's entries replaced by these. */
export async function replaceV3Dictionary(
  app: AppContext,
  principal: Principal,
  id: string,
  body: V3Body,
): Promise<V3Dictionary> {
  const g = await glossaryWithPair(app, principal, id, body.dictionary.source, body.dictionary.target);
  const dictionary = readDictionary(await routerFor(app, principal), body.dictionary);
  return dictionaryOf(
    await replaceGlossaryEntries(app.domain, {
      orgId: principal.org.id,
      glossaryId: g.id,
      entries: dictionary.entries,
    }),
  );
}

/**
 * PATCH /v3/glossaries/{id}: a new name, and entries merged into the dictionary (a source term
 * it has gets the new target), as DeepL's PATCH does.
 */
export async function patchV3Glossary(
  app: AppContext,
  principal: Principal,
  id: string,
  body: V3Body,
): Promise<V3Glossary> {
  const orgId = principal.org.id;
  const dictionaries = body.dictionaries ?? [];
  if (!body.name && dictionaries.length === 0) throw badRequest("Nothing to change: give 'name' or 'dictionaries'.");
  if (dictionaries.length > 1) throw badRequest(ONE_PAIR, "dictionaries");
  const [only] = dictionaries;
  if (only) {
    const g = await glossaryWithPair(app, principal, id, only.source, only.target);
    const dictionary = readDictionary(await routerFor(app, principal), only);
    await addGlossaryEntries(app.domain, { orgId, glossaryId: g.id, request: { entries: dictionary.entries } });
  }
  if (body.name)
    await updateGlossary(app.domain, { orgId, id, request: validated(updateGlossaryRequest, { name: body.name }) });
  return getV3Glossary(app, principal, id);
}

/** DELETE /v3/glossaries/{id}/dictionaries: refused, since the glossary would be left without its one pair. */
export async function deleteV3Dictionary(
  app: AppContext,
  principal: Principal,
  id: string,
  params: Params,
): Promise<never> {
  const g = await glossaryWithPair(app, principal, id, params.get("source_lang"), params.get("target_lang"));
  throw badRequest(
    `A Tolk glossary holds exactly one dictionary (${g.source_lang}→${g.target_lang}): delete the glossary instead (DELETE /v3/glossaries/${g.id}).`,
  );
}
