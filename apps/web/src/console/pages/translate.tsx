"use client";

import { type RiskRatings, countCharacters } from "@tolk/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import { LanguagePickers, canTranslate } from "../language-pickers";
import { QualityScore } from "../quality-score";
import { ResourceEffects } from "../resource-effects";
import { type ResourceChoice, ResourcePickers, forNewPair, noResources, resourceFields } from "../resource-pickers";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { CostAfter, CostEstimate } from "../translation-cost";
import { CopyButton, ErrorState, FormError, Loading, formatNumber } from "../ui";

export default function TranslatePage() {
  const trpc = useTRPC();
  const languages = useQuery(trpc.translate.languages.queryOptions());
  const translate = useMutation(trpc.translate.text.mutationOptions());
  const [source, setSource] = useState("en");
  const [target, setTarget] = useState("es");
  const [text, setText] = useState("");
  const [resources, setResources] = useState<ResourceChoice>(noResources);
  const analyze = useMutation(trpc.translate.analyze.mutationOptions());
  const quota = useQuery(trpc.dashboard.quota.queryOptions());
  const maxChars = quota.data?.maxTextChars;
  // After a translation the result's heading takes the focus, so a keyboard or screen-reader user lands on it.
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (translate.data) resultHeading.current?.focus();
  }, [translate.data]);

  if (languages.isPending) return <Loading what="languages" />;
  if (languages.error) return <ErrorState error={languages.error} retry={() => void languages.refetch()} />;
  const all = languages.data.languages;
  const withTargets = all.filter((l) => l.targets.length > 0);
  const pairOk = canTranslate(all, source, target);

  return (
    <>
      <h1>Translate</h1>
      {withTargets.length === 0 && (
        <div className="alert warn">No translation engine is configured on this server.</div>
      )}
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          translate.mutate({ text, source_lang: source, target_lang: target, ...resourceFields(resources) });
          // The analysis of the same text comes along: it costs no credits.
          analyze.mutate({ text });
        }}
      >
        <LanguagePickers
          languages={all}
          source={source}
          target={target}
          onChange={(pair) => {
            setSource(pair.source);
            setTarget(pair.target);
            setResources(forNewPair(resources));
          }}
          onSwap={(pair) => {
            setSource(pair.source);
            setTarget(pair.target);
            setResources(forNewPair(resources));
            // The translation becomes the text to translate back, as in every translator.
            if (translate.data) setText(translate.data.translation);
            translate.reset();
          }}
        />
        <ResourcePickers source={source} target={target} value={resources} onChange={setResources} />
        <div className="field">
          <label htmlFor="text">Text</label>
          <textarea
            id="text"
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="cost-estimate"
          />
        </div>
        <CostEstimate
          id="cost-estimate"
          text={text}
          target={pairOk ? target : undefined}
          languages={all}
          maxChars={maxChars}
        />
        <button
          type="submit"
          className="primary"
          disabled={
            translate.isPending ||
            !text.trim() ||
            !pairOk ||
            (maxChars !== undefined && countCharacters(text) > maxChars)
          }
          aria-busy={translate.isPending}
        >
          {translate.isPending ? "Translating…" : "Translate"}
        </button>
        {!pairOk && withTargets.length > 0 && (
          <p className="muted" role="status">
            Choose a target language this server translates {source} into.
          </p>
        )}
      </form>
      <FormError error={translate.error} />
      {translate.data && (
        <section className="card" aria-labelledby="result-h" aria-live="polite">
          <h2 id="result-h" ref={resultHeading} tabIndex={-1}>
            Result
          </h2>
          <p data-testid="translation" style={{ whiteSpace: "pre-wrap" }}>
            {translate.data.translation}
          </p>
          <div className="secret">
            <CopyButton text={translate.data.translation} label="Copy translation" />
          </div>
          <dl className="stats">
            <div>
              <dt className="muted">Quality score</dt>
              <dd className="stat" data-testid="quality-score">
                <QualityScore score={translate.data.quality_score} reasons={translate.data.quality_reasons} />
              </dd>
            </div>
            <div>
              <dt className="muted">Credits used</dt>
              <dd className="stat" data-testid="credits-used">
                {formatNumber(translate.data.credits_used)}
              </dd>
            </div>
            <div>
              <dt className="muted">Characters in the translation</dt>
              <dd className="stat">{formatNumber(translate.data.character_count)}</dd>
            </div>
          </dl>
          <CostAfter result={translate.data} languages={all} />
          <ResourceEffects result={translate.data} />
        </section>
      )}
      <section className="card" aria-labelledby="analyze-h">
        <h2 id="analyze-h">Analyze</h2>
        <p className="muted">
          What Tolk reads in the text: language, domain, formality, risks and the model tier it would route to. Analysis
          costs no credits.
        </p>
        <button
          type="button"
          disabled={analyze.isPending || !text.trim()}
          aria-busy={analyze.isPending}
          onClick={() => analyze.mutate({ text })}
        >
          {analyze.isPending ? "Analyzing…" : "Analyze text"}
        </button>
        <FormError error={analyze.error} />
        {analyze.data && <Analysis result={analyze.data} />}
      </section>
    </>
  );
}

function Analysis({ result }: { result: RouterOutputs["translate"]["analyze"] }) {
  const facts: [string, string, string][] = [
    ["Detected language", result.detected_language, "analysis-language"],
    ["Domain", result.domain, "analysis-domain"],
    ["Formality", result.formality, "analysis-formality"],
    ["Model tier", result.model_tier, "analysis-tier"],
    ["Routing confidence", `${Math.round(result.routing_confidence * 100)}%`, "analysis-confidence"],
    ...(Object.keys(riskLabels) as (keyof RiskRatings)[]).map((risk): [string, string, string] => [
      riskLabels[risk],
      result.risks[risk],
      `analysis-${risk}`,
    ]),
  ];
  return (
    <div aria-live="polite" data-testid="analysis">
      <p>
        <strong>{result.title}</strong>
        {result.tags && result.tags.length > 0 && <span className="muted"> · {result.tags.join(", ")}</span>}
      </p>
      <dl className="grid stats">
        {facts.map(([label, value, id]) => (
          <div key={id}>
            <dt className="muted">{label}</dt>
            <dd className="stat" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const riskLabels: Record<keyof RiskRatings, string> = {
  semanticRisk: "Semantic risk",
  implicitMeaningLoad: "Implicit meaning",
  discourseComplexity: "Discourse complexity",
  constraintSaturation: "Constraint saturation",
  crossCulturalRisk: "Cross-cultural risk",
};
