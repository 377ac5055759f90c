"use client";

import { type BrandVoiceApplied, type TermApplied, type TmMatch } from "@tolk/contract";
import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "./trpc";

/** The extension fields of a translation that say what the chosen resources did (see @tolk/contract resource-effects). */
export interface Effects {
  tm_match?: TmMatch[];
  glossary_terms_applied?: TermApplied[];
  brand_voice_applied?: BrandVoiceApplied;
  warnings?: string[];
}

const FORMALITY_BY: Record<BrandVoiceApplied["formality_applied_by"], string> = {
  prompt: "the engine was asked for it",
  post_edit: "applied after the engine",
  none: "this engine cannot apply it",
};

/**
 * What glossaries, translation memory and brand voice did to the playground's translation: the
 * terms applied, the memory match, the voice's rules and any warning. Each part appears only when
 * its resource was chosen, saying so when it had no effect.
 */
export function ResourceEffects({ result }: { result: Effects }) {
  const trpc = useTRPC();
  // Already loaded by the pickers: names for the glossary ids the answer carries.
  const glossaries = useQuery(trpc.glossaries.list.queryOptions());
  const glossaryName = (id: string) => glossaries.data?.items.find((g) => g.id === id)?.name;
  const origin = (o: string) =>
    o === "brand_voice"
      ? "brand voice, preferred term"
      : o === "do_not_translate"
        ? "brand voice, do not translate"
        : o === "localization"
          ? "built-in software terminology"
          : `glossary ${glossaryName(o) ?? o}`;
  const { tm_match: tm, glossary_terms_applied: terms, brand_voice_applied: voice, warnings } = result;
  if (!tm && !terms && !voice && !warnings) return null;
  return (
    <div className="effects" data-testid="resource-effects">
      {terms && (
        <section aria-labelledby="terms-h">
          <h3 id="terms-h">Terms applied</h3>
          {terms.length === 0 ? (
            <p className="muted">
              {tm && tm.length > 0
                ? "No term was applied to the sentences the engine translated. Sentences taken from the translation memory keep the memory's wording: terms are not applied to them."
                : "No term of the chosen glossaries, brand voice or built-in software terminology occurs in this text."}
            </p>
          ) : (
            <ul data-testid="terms-applied">
              {terms.map((t) => (
                <li key={`${t.origin}:${t.source}:${t.target}`}>
                  <span className="term">{t.source}</span> → <span className="term">{t.target}</span>{" "}
                  <span className="muted">
                    ({origin(t.origin)}
                    {t.count > 1 ? `, ${t.count}×` : ""})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {tm && (
        <section aria-labelledby="tm-h">
          <h3 id="tm-h">Translation memory</h3>
          {tm.length === 0 ? (
            <p className="muted">
              No unit of the chosen memory matched (75 % or better): the engine translated every sentence.
            </p>
          ) : (
            <ul data-testid="tm-match">
              {tm.map((m) => (
                <li key={`${m.segment}:${m.unit_id}`}>
                  Sentence {m.segment + 1}:{" "}
                  <strong>{m.level === "exact" ? "exact match" : `fuzzy match, ${m.score} %`}</strong> of unit{" "}
                  <code>{m.unit_id}</code>
                  {m.repaired.length > 0 && (
                    <span className="muted"> (adapted: {m.repaired.map((r) => `${r.from} → ${r.to}`).join(", ")})</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {voice && (
        <section aria-labelledby="voice-h">
          <h3 id="voice-h">Brand voice</h3>
          <p data-testid="brand-voice-applied">
            <strong>{voice.name}</strong>: formality {voice.formality}
            {voice.tone ? `, tone “${voice.tone}”` : ""}{" "}
            <span className="muted">({FORMALITY_BY[voice.formality_applied_by]})</span>
          </p>
        </section>
      )}
      {warnings && warnings.length > 0 && (
        <div className="alert warn" data-testid="translation-warnings">
          <strong>Review before use:</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
