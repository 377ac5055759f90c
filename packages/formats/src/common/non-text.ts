/**
 * Values of key/value localization files (JSON, YAML) that look like strings but are data: an
 * engine would damage them and no reader needs them translated.
 */

const PATTERNS: readonly RegExp[] = [
  // URLs and e-mail addresses.
  /^(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|www\.)\S*$/i,
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  // Colours: #rgb, #rrggbbaa, rgb()/hsl() functions.
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^(?:rgba?|hsla?)\([\d\s.,%/]*\)$/i,
  // ISO 8601 dates, times and timestamps.
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/,
  /^\d{2}:\d{2}(?::\d{2})?$/,
  // UUIDs.
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
];

const LETTER = /\p{L}/u;

/** True when a string value is prose worth sending to an engine. */
export function isTranslatableValue(value: string): boolean {
  const trimmed = value.trim();
  if (!LETTER.test(trimmed)) return false;
  return !PATTERNS.some((p) => p.test(trimmed));
}
