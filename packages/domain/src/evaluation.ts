// The surface the evaluation and training scripts of @tolk/eval (packages/eval) read: the rules
// and models they measure, and the internals they train from, by name. Product code must not
// import it (it uses `.` or its own modules); a name an evaluation or training script starts to
// need is added here, one it no longer uses is removed.
export { analyzeText } from "./analysis/analyze-text";
export { CLOSE_CALL, classifyDomainByLexicon } from "./analysis/classify-domain";
export { type ClusterModel, clusterFeatures, clusterTokens } from "./analysis/cluster-model";
export { AUTO, detectLanguage } from "./analysis/detect-language";
export { FORMALITY_THRESHOLD, STRONG_FORMAL, rateFormalityByMarkers } from "./analysis/rate-formality";
export { extractFeatures } from "./analysis/text-features";
export {
  DOMAIN_CLASSES,
  FORMALITY_CLASSES,
  type ModelOptions,
  type TextModel,
  modelInputs,
} from "./analysis/text-model";
export { stripNonProse } from "./analysis/text-units";
export { type LocalizationChoice, localizationApplies } from "./translation/localization-applies";
export { LOCALIZATION_DEFAULT_TARGETS, LOCALIZATION_TARGETS } from "./translation/localization-targets";
export { loadLocalizationTerms } from "./translation/localization-terms";
export { findPlaceholders, isNamingKind } from "./translation/placeholders";
export {
  QUALITY_FEATURES,
  type WordAcceptance,
  featureVector,
  outputWords,
  qualityFeatures,
} from "./translation/quality-features";
export {
  type AcceptanceTable,
  type QualityModel,
  type WordTable,
  lookupAcceptance,
  qualityScore,
  segmentQuality,
  segmentQualityDetail,
} from "./translation/quality-score";
export {
  type WrittenLookup,
  ngrams,
  serialiseWritten,
  writtenKey,
  writtenSet,
  writtenTokens,
} from "./translation/quality-written";
export { SegmentCache } from "./translation/segment-cache";
export { segmentText } from "./translation/segment-text";
export { resolveRoute, translateSegments } from "./translation/translate-segments";
export { splitUiString } from "./translation/ui-strings";
