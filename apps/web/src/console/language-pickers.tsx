"use client";

import { type RouterOutputs } from "./types";

export type Language = RouterOutputs["translate"]["languages"]["languages"][number];

/** Whether this deployment translates `source` into `target`. */
export const canTranslate = (languages: Language[], source: string, target: string) =>
  Boolean(languages.find((l) => l.code === source)?.targets.includes(target));

/**
 * The pair after choosing a new source: the target stays when the source reaches it, else it
 * becomes the source's first target (English first, the likeliest pivot). "" when none.
 */
export function pairForSource(
  languages: Language[],
  source: string,
  target: string,
): { source: string; target: string } {
  const targets = languages.find((l) => l.code === source)?.targets ?? [];
  if (targets.includes(target)) return { source, target };
  return { source, target: targets.includes("en") ? "en" : (targets[0] ?? "") };
}

/**
 * Source and target pickers over GET /v1/languages: targets are those the source can reach (and
 * follow a new source), and the swap button is offered only when the reverse pair exists too.
 */
export function LanguagePickers({
  languages,
  source,
  target,
  onChange,
  onSwap,
  idPrefix = "",
}: {
  languages: Language[];
  source: string;
  target: string;
  onChange: (pair: { source: string; target: string }) => void;
  /** Called instead of onChange when the swap button turns the pair around. */
  onSwap?: (pair: { source: string; target: string }) => void;
  idPrefix?: string;
}) {
  const byName = [...languages].sort((a, b) => a.name.localeCompare(b.name, "en"));
  const withTargets = byName.filter((l) => l.targets.length > 0);
  const reachable = new Set(languages.find((s) => s.code === source)?.targets ?? []);
  const targets = byName.filter((l) => reachable.has(l.code));
  // Shown but not choosable, so a language the user looks for is found with the reason beside it.
  const unreachable = byName.filter((l) => l.code !== source && !reachable.has(l.code));
  const canSwap = Boolean(languages.find((l) => l.code === target)?.targets.includes(source));
  const unserved = unservedLanguages(languages);
  const route = languages.find((l) => l.code === source)?.routes.find((r) => r.target === target);
  return (
    <>
      <div className="row">
        <div className="field">
          <label htmlFor={`${idPrefix}source`}>From</label>
          <select
            id={`${idPrefix}source`}
            value={source}
            onChange={(e) => onChange(pairForSource(languages, e.target.value, target))}
          >
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
            onClick={() => (onSwap ?? onChange)({ source: target, target: source })}
          >
            ⇄ Swap
          </button>
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}target`}>To</label>
          <select
            id={`${idPrefix}target`}
            value={target}
            onChange={(e) => onChange({ source, target: e.target.value })}
          >
            {!targets.some((l) => l.code === target) && <option value={target}>Choose a language</option>}
            {targets.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
            {unreachable.length > 0 && (
              <optgroup label="Needs an engine this server does not have">
                {unreachable.map((l) => (
                  <option key={l.code} value={l.code} disabled>
                    {l.name} ({l.code})
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
      </div>
      {route && (
        <p className="muted">
          Served by {route.engine}
          {route.pivots.length > 0
            ? ` through ${route.pivots.map((code) => languages.find((l) => l.code === code)?.name ?? code).join(" and ")}`
            : ""}
          {route.script !== languages.find((l) => l.code === target)?.script
            ? `, written in ${route.script} script`
            : ""}
          .
        </p>
      )}
      {unserved.length > 0 && (
        <p className="muted" data-testid="unserved-languages">
          This server has no engine for {unserved.slice(0, 6).join(", ")}
          {unserved.length > 6 ? ` and ${unserved.length - 6} more languages` : ""}, so they are listed but cannot be
          chosen. An admin can connect the organization&apos;s own DeepL account in{" "}
          <a href="/settings#deepl">Settings</a>; the server&apos;s operator can add LibreTranslate or an LLM for
          everyone.
        </p>
      )}
    </>
  );
}

/** Widely used languages without a target, the ones a user is likeliest to look for first. */
const COMMON = ["de", "ru", "zh", "ja", "pl", "nl", "uk", "ar", "tr", "ko", "sv", "it", "pt", "fr", "es"];

function unservedLanguages(languages: Language[]): string[] {
  const missing = languages.filter((l) => l.targets.length === 0);
  const rank = (code: string) => {
    const i = COMMON.indexOf(code);
    return i < 0 ? COMMON.length : i;
  };
  return missing.sort((a, b) => rank(a.code) - rank(b.code) || a.name.localeCompare(b.name)).map((l) => l.name);
}
