import { type Domain, type Formality } from "@tolk/contract";

import { type TextFeatures } from "./text-features";

/**
 * Classification tags, sorted: the domain, the register, the language, and what a translator
 * must watch for, each present only when the text has it.
 */
export function makeTags(input: {
  features: TextFeatures;
  domain: Domain;
  formality: Formality;
  language: string;
}): string[] {
  const f = input.features;
  const tags = new Set<string>([input.domain.toLowerCase(), input.formality.toLowerCase()]);
  if (input.language !== "auto") tags.add(`lang:${input.language}`);
  if (f.placeholders > 0) tags.add("placeholders");
  if (f.markup > 0) tags.add("markup");
  if (f.links > 0) tags.add("links");
  if (f.currency > 0) tags.add("currency");
  if (f.measures > 0) tags.add("measurements");
  if (f.acronyms >= 2) tags.add("acronyms");
  if (f.idioms > 0) tags.add("idioms");
  if (f.cultureRefs > 0) tags.add("culture-specific");
  if (f.imperatives > 0) tags.add("instructions");
  if (f.questions > 0) tags.add("questions");
  if (f.emoji > 0) tags.add("emoji");
  if (f.words < 8) tags.add("short");
  else if (f.words > 300) tags.add("long");
  return [...tags].sort();
}
