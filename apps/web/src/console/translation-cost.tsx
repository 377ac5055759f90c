"use client";

import { type TmMatch, countCharacters, creditWeight, estimateCredits } from "@tolk/contract";

import { type Language } from "./language-pickers";
import { countOf, formatNumber } from "./ui";

const weightWords = (n: number) => (n === 1 ? "1 credit per character" : `${n} credits per character`);

function targetFacts(languages: readonly Language[], target: string) {
  const language = languages.find((l) => l.code === target);
  return { name: language?.name ?? target, script: language?.script ?? "its", weight: creditWeight(target) };
}

/**
 * Before sending: the text's length against the plan's limit, and what the translation is
 * expected to cost. The estimate is the one the API checks the balance with (`estimateCredits`);
 * the bill is the translation's real length, known only afterwards.
 */
export function CostEstimate({
  id,
  text,
  target,
  languages,
  maxChars,
}: {
  id: string;
  text: string;
  target: string | undefined;
  languages: readonly Language[];
  maxChars: number | undefined;
}) {
  const characters = countCharacters(text);
  const over = maxChars !== undefined && characters > maxChars;
  const facts = target ? targetFacts(languages, target) : undefined;
  return (
    <div id={id} className="cost" data-testid="cost-estimate">
      <p className={over ? "alert error" : "muted"} data-testid="text-counter" aria-live="polite">
        {formatNumber(characters)}
        {maxChars !== undefined
          ? ` of ${formatNumber(maxChars)} characters (your plan's limit per text)`
          : " characters"}
        {over ? ": shorten the text or split it to translate it." : ""}
      </p>
      {facts && characters > 0 && (
        <p className="muted">
          Estimated cost:{" "}
          <strong data-testid="credits-estimate">{formatNumber(estimateCredits(text, target ?? ""))} credits</strong>.
          This is an estimate from the text&apos;s {countOf(characters, "character", "characters")} at{" "}
          {weightWords(facts.weight)} of {facts.name} ({facts.script} script); you pay for the translation&apos;s
          length, known once it is done.
        </p>
      )}
    </div>
  );
}

/** After sending: what the translation cost and why, memory matches included. */
export function CostAfter({
  result,
  languages,
}: {
  result: { credits_used: number; character_count: number; target_lang: string; tm_match?: TmMatch[] };
  languages: readonly Language[];
}) {
  const facts = targetFacts(languages, result.target_lang);
  const fromMemory = result.tm_match?.length ?? 0;
  return (
    <p className="muted" data-testid="cost-explained">
      Cost: {formatNumber(result.credits_used)} credits = {countOf(result.character_count, "character", "characters")}{" "}
      of {facts.name} × {weightWords(facts.weight)}.
      {fromMemory > 0 &&
        ` ${countOf(fromMemory, "sentence", "sentences")} came from your translation memory; memory matches are billed like any other output.`}
    </p>
  );
}
