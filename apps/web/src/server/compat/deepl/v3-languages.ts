import { badRequest, supportsFormality } from "@tolk/domain";
import { type EngineRouter } from "@tolk/engines";

import { servedLanguages } from "../languages";
import { TARGET_VARIANTS } from "./languages";

/** The `resource` values DeepL defines for GET /v3/languages. */
export const V3_RESOURCES = [
  "translate_text",
  "translate_document",
  "glossary",
  "voice",
  "write",
  "style_rules",
] as const;
type Resource = (typeof V3_RESOURCES)[number];

type Feature = "formality" | "tag_handling" | "glossary";

export interface V3Language {
  lang: string;
  name: string;
  usable_as_source: boolean;
  usable_as_target: boolean;
  status: "stable";
  features: Partial<Record<Feature, { status: "stable" }>>;
}

/**
 * What each resource's languages can do on Tolk. Markup is kept in every text translation and
 * glossaries apply to every pair, so `tag_handling` and `glossary` hold for all of them;
 * `formality` where it changes the output (supportsFormality), and never for documents, which
 * Tolk translates without it. Voice, the write API and style rules are not Tolk's: no languages.
 */
const FEATURES: Readonly<Record<Resource, readonly Feature[] | null>> = {
  translate_text: ["formality", "tag_handling", "glossary"],
  translate_document: ["glossary"],
  glossary: [],
  voice: null,
  write: null,
  style_rules: null,
};

export function readResource(value: string | undefined): Resource {
  if (!value) throw badRequest(`'resource' is required: one of ${V3_RESOURCES.join(", ")}.`, "resource");
  const resource = V3_RESOURCES.find((r) => r === value.toLowerCase());
  if (!resource) throw badRequest(`'resource' must be one of ${V3_RESOURCES.join(", ")}.`, "resource");
  return resource;
}

/**
 * GET /v3/languages?resource=…: every language Tolk serves for the resource, in DeepL's v3 shape
 * (BCP 47 `lang`, source/target flags, `features` keyed by name). As on DeepL, English,
 * Portuguese and Chinese are listed as a source by their base code and as a target by their
 * varieties (en-GB, en-US, …), which Tolk translates alike; glossaries name base codes only.
 */
export function v3Languages(router: EngineRouter, resource: Resource): V3Language[] {
  const features = FEATURES[resource];
  if (!features) return [];
  const languages = servedLanguages(router);
  const targets = new Set(languages.flatMap((l) => l.targets));
  return languages.flatMap((l) => {
    const isSource = l.targets.length > 0;
    const isTarget = targets.has(l.code);
    const formality = isTarget && features.includes("formality") && supportsFormality(router, l.code);
    const featuresOf = (asTarget: boolean) =>
      Object.fromEntries(
        features
          .filter((f) => f !== "formality" || (asTarget && formality))
          .map((f) => [f, { status: "stable" as const }]),
      ) as V3Language["features"];
    const entry = (lang: string, name: string, source: boolean, target: boolean): V3Language => ({
      lang,
      name,
      usable_as_source: source,
      usable_as_target: target,
      status: "stable",
      features: featuresOf(target),
    });
    const variants = resource === "glossary" ? undefined : TARGET_VARIANTS[l.code];
    if (!variants || !isTarget) return [entry(l.code, l.name, isSource, isTarget)];
    return [
      ...(isSource ? [entry(l.code, l.name, true, false)] : []),
      ...variants.map((v) => entry(bcp47(v.language), v.name, false, true)),
    ];
  });
}

/** DeepL's v2 variant code as v3 writes it: "EN-GB" → "en-GB", "ZH-HANS" → "zh-Hans". */
function bcp47(code: string): string {
  const [base = "", sub = ""] = code.split("-");
  return `${base.toLowerCase()}-${sub.length === 4 ? sub[0] + sub.slice(1).toLowerCase() : sub.toUpperCase()}`;
}

/** GET /v3/languages/resources: each resource Tolk lists languages for, with its features' needs. */
export function v3Resources() {
  const needs: Record<Feature, { needs_source_support?: true; needs_target_support?: true }> = {
    formality: { needs_target_support: true },
    tag_handling: { needs_source_support: true, needs_target_support: true },
    glossary: { needs_source_support: true, needs_target_support: true },
  };
  return V3_RESOURCES.flatMap((name) => {
    const features = FEATURES[name];
    return features ? [{ name, features: features.map((f) => ({ name: f, ...needs[f] })) }] : [];
  });
}
