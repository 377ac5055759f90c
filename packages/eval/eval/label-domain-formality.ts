/**
 * Labels of the domain and formality sets. A text starts with its source's genre default
 * (domain-sources.ts); the guideline in docs/analysis.md then decides by content, and where a
 * reviewer read a text and the content says otherwise, domain-formality-overrides.json records
 * the label (or that the text is dropped: not a paragraph, or no clear label) with the reason.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { type Domain, type Formality } from "@tolk/contract";

interface Override {
  domain?: Domain;
  formality?: Formality;
  drop?: boolean;
  why: string;
}

const OVERRIDES = JSON.parse(
  readFileSync(join(import.meta.dirname, "domain-formality-overrides.json"), "utf8"),
) as Record<string, Override>;

export function labelText(
  id: string,
  defaults: { domain: Domain; formality: Formality },
): { domain: Domain; formality: Formality } | null {
  const o = OVERRIDES[id];
  if (!o) return defaults;
  if (o.drop) return null;
  return { domain: o.domain ?? defaults.domain, formality: o.formality ?? defaults.formality };
}
