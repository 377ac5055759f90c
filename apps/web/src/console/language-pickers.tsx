"use client";

import { type RouterOutputs } from "./types";

type Language = RouterOutputs["translate"]["languages"]["languages"][number];

/**
 * Source and target pickers over GET /v1/languages: targets are those the source can reach, and
 * the swap button is offered only when the reverse pair exists too.
 */
export function LanguagePickers({
  languages,
  source,
  target,
  onChange,
  idPrefix = "",
}: {
  languages: Language[];
  source: string;
  target: string;
  onChange: (pair: { source: string; target: string }) => void;
  idPrefix?: string;
}) {
  const withTargets = languages.filter((l) => l.targets.length > 0);
  const targets = languages.filter((l) => languages.find((s) => s.code === source)?.targets.includes(l.code));
  const canSwap = Boolean(languages.find((l) => l.code === target)?.targets.includes(source));
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${idPrefix}source`}>From</label>
        <select id={`${idPrefix}source`} value={source} onChange={(e) => onChange({ source: e.target.value, target })}>
          {withTargets.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <button type="button" aria-label="Swap languages" disabled={!canSwap} onClick={() => onChange({ source: target, target: source })}>
          ⇄ Swap
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}target`}>To</label>
        <select id={`${idPrefix}target`} value={target} onChange={(e) => onChange({ source, target: e.target.value })}>
          {!targets.some((l) => l.code === target) && <option value={target}>Choose a language</option>}
          {targets.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
