"use client";

import { QUALITY_REASONS } from "@tolk/contract";

/** Band of a score, with the median chrF its band reaches on the catalogs' test split (docs/analysis.md#quality_score). */
function band(score: number): string {
  if (score > 85) return "86–100: usually close to a human translation";
  if (score > 70) return "71–85: usable, worth a look";
  if (score > 50) return "51–70: review before use";
  return "0–50: likely needs rewriting";
}

/**
 * A translation's quality_score with what it means: what the number predicts, its band, and the
 * risks that lowered it most (`quality_reasons`).
 */
export function QualityScore({ score, reasons }: { score: number | null; reasons?: readonly string[] }) {
  return (
    <>
      {score ?? "n/a"}
      <details className="quality-why">
        <summary>What this means</summary>
        <p className="muted">
          {score === null
            ? "No estimate: the engine that translated this reports nothing the score can be computed from."
            : `A prediction of how close this is to a human translation (chrF, 0–100). Band ${band(score)}.`}
        </p>
        {reasons && reasons.length > 0 && (
          <>
            <p className="muted">What lowered it most:</p>
            <ul data-testid="quality-reasons">
              {reasons.map((r) => (
                <li key={r}>{QUALITY_REASONS[r] ?? r}</li>
              ))}
            </ul>
          </>
        )}
      </details>
    </>
  );
}
