"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { useTRPC } from "../trpc";
import { ErrorState, FormError, Loading, formatNumber } from "../ui";

export default function TranslatePage() {
  const trpc = useTRPC();
  const languages = useQuery(trpc.translate.languages.queryOptions());
  const translate = useMutation(trpc.translate.text.mutationOptions());
  const [source, setSource] = useState("en");
  const [target, setTarget] = useState("es");
  const [text, setText] = useState("");

  if (languages.isPending) return <Loading what="languages" />;
  if (languages.error) return <ErrorState error={languages.error} retry={() => void languages.refetch()} />;
  const all = languages.data.languages;
  const withTargets = all.filter((l) => l.targets.length > 0);
  const targets = all.filter((l) => all.find((s) => s.code === source)?.targets.includes(l.code));
  const canSwap = Boolean(all.find((l) => l.code === target)?.targets.includes(source));

  return (
    <>
      <h1>Translate</h1>
      {withTargets.length === 0 && <div className="alert warn">No translation engine is configured on this server.</div>}
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          translate.mutate({ text, source_lang: source, target_lang: target });
        }}
      >
        <div className="row">
          <div className="field">
            <label htmlFor="source">From</label>
            <select id="source" value={source} onChange={(e) => setSource(e.target.value)}>
              {withTargets.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <button
              type="button"
              aria-label="Swap languages"
              disabled={!canSwap}
              onClick={() => {
                setSource(target);
                setTarget(source);
              }}
            >
              ⇄ Swap
            </button>
          </div>
          <div className="field">
            <label htmlFor="target">To</label>
            <select id="target" value={target} onChange={(e) => setTarget(e.target.value)}>
              {!targets.some((l) => l.code === target) && <option value={target}>Choose a language</option>}
              {targets.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset disabled>
          <legend>Glossary, translation memory, brand voice</legend>
          <p className="muted">These pickers arrive with the glossaries, memories and brand voices issue.</p>
        </fieldset>
        <div className="field">
          <label htmlFor="text">Text</label>
          <textarea id="text" required value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" className="primary" disabled={translate.isPending || !text.trim()}>
          {translate.isPending ? "Translating…" : "Translate"}
        </button>
      </form>
      <FormError error={translate.error} />
      {translate.data && (
        <section className="card" aria-labelledby="result-h" aria-live="polite">
          <h2 id="result-h">Result</h2>
          <p data-testid="translation" style={{ whiteSpace: "pre-wrap" }}>
            {translate.data.translation}
          </p>
          <dl className="grid">
            <div>
              <dt className="muted">Quality score</dt>
              <dd className="stat" data-testid="quality-score">
                {translate.data.quality_score ?? "n/a"}
              </dd>
            </div>
            <div>
              <dt className="muted">Credits used</dt>
              <dd className="stat" data-testid="credits-used">
                {formatNumber(translate.data.credits_used)}
              </dd>
            </div>
            <div>
              <dt className="muted">Characters</dt>
              <dd className="stat">{formatNumber(translate.data.character_count)}</dd>
            </div>
          </dl>
        </section>
      )}
      <section className="card" aria-labelledby="analyze-h">
        <h2 id="analyze-h">Analyze</h2>
        <p className="muted">The analysis of this text appears here once the analysis issue lands.</p>
      </section>
    </>
  );
}
