"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "./trpc";
import { ErrorState, Loading, countOf } from "./ui";

export interface ResourceChoice {
  glossaryIds: string[];
  tmId: string;
  brandVoiceId: string;
  /** The built-in software terminology: as the server decides (by format and analysis), on or off. */
  localizationTerms: "auto" | "on" | "off";
}

export const noResources: ResourceChoice = { glossaryIds: [], tmId: "", brandVoiceId: "", localizationTerms: "auto" };

/**
 * Glossary, translation memory and brand voice pickers for a language pair. Only glossaries and
 * memories written in that pair are offered (the server refuses the others with a 400 anyway).
 */
export function ResourcePickers({
  source,
  target,
  value,
  onChange,
}: {
  source: string;
  target: string;
  value: ResourceChoice;
  onChange: (value: ResourceChoice) => void;
}) {
  const trpc = useTRPC();
  const glossaries = useQuery(trpc.glossaries.list.queryOptions());
  const memories = useQuery(trpc.memories.list.queryOptions());
  const voices = useQuery(trpc.brandVoices.list.queryOptions());
  const failed = glossaries.error ?? memories.error ?? voices.error;
  if (failed) return <ErrorState error={failed} />;
  if (!glossaries.data || !memories.data || !voices.data)
    return <Loading what="glossaries, memories and brand voices" />;
  const fits = (r: { source_lang: string; target_lang: string }) =>
    r.source_lang === source && r.target_lang === target;
  const pairGlossaries = glossaries.data.items.filter(fits);
  const pairMemories = memories.data.items.filter(fits);
  return (
    <fieldset>
      <legend>Glossaries, translation memory, terminology, brand voice</legend>
      <div className="field">
        <span className="field-title" id="glossary-choices">
          Glossaries
        </span>
        {pairGlossaries.length === 0 ? (
          <span className="muted">
            No {source} → {target} glossary yet.
          </span>
        ) : (
          <div role="group" aria-labelledby="glossary-choices">
            {pairGlossaries.map((g) => (
              <div key={g.id}>
                <input
                  id={`use-glossary-${g.id}`}
                  type="checkbox"
                  checked={value.glossaryIds.includes(g.id)}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      glossaryIds: e.target.checked
                        ? [...value.glossaryIds, g.id]
                        : value.glossaryIds.filter((x) => x !== g.id),
                    })
                  }
                />{" "}
                <label htmlFor={`use-glossary-${g.id}`}>
                  Glossary {g.name} <span className="muted">({countOf(g.entry_count, "entry", "entries")})</span>
                </label>
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="use-memory">Translation memory</label>
          <select id="use-memory" value={value.tmId} onChange={(e) => onChange({ ...value, tmId: e.target.value })}>
            <option value="">None</option>
            {pairMemories.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({countOf(m.unit_count, "unit", "units")})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="use-localization-terms">Built-in software terminology</label>
          <select
            id="use-localization-terms"
            value={value.localizationTerms}
            onChange={(e) =>
              onChange({ ...value, localizationTerms: e.target.value as ResourceChoice["localizationTerms"] })
            }
          >
            <option value="auto">Automatic (localization files, technical text)</option>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="use-voice">Brand voice</label>
          <select
            id="use-voice"
            value={value.brandVoiceId}
            onChange={(e) => onChange({ ...value, brandVoiceId: e.target.value })}
          >
            <option value="">None</option>
            {voices.data.items.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** The choice as the request fields of /v1/translate (left out when nothing is chosen). */
export function resourceFields(choice: ResourceChoice) {
  return {
    ...(choice.glossaryIds.length > 0 ? { glossary_ids: choice.glossaryIds } : {}),
    ...(choice.tmId ? { tm_id: choice.tmId } : {}),
    ...(choice.brandVoiceId ? { brand_voice_id: choice.brandVoiceId } : {}),
    ...(choice.localizationTerms === "auto" ? {} : { localization_terms: choice.localizationTerms === "on" }),
  };
}

/** Glossaries and memories are written in one pair: a new pair drops them (a brand voice stays). */
export const forNewPair = (choice: ResourceChoice): ResourceChoice => ({
  ...noResources,
  brandVoiceId: choice.brandVoiceId,
  localizationTerms: choice.localizationTerms,
});
