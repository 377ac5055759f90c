// Reading the model's answer. Models wrap JSON in code fences, in an object
// ({"translations": [...]}) or in a sentence; all of these are accepted when a JSON array of
// exactly the expected number of strings can be found. Anything else is null (the engine retries).

const FENCE = /^```[\w-]*\s*\n?([\s\S]*?)\n?```$/u;

/** The translations in a chat answer, or null when it does not hold exactly `expected` strings. */
export function parseTranslations(content: string, expected: number): string[] | null {
  for (const candidate of jsonCandidates(content)) {
    const value = tryJson(candidate);
    if (value === undefined) continue;
    const list = toList(value, expected);
    if (list) return list;
  }
  return null;
}

/**
 * One segment's translation, leniently: the strict forms first, then a bare JSON string, then
 * the plain text itself when it holds no JSON at all. Used only when segments go one by one.
 */
export function parseSingle(content: string): string | null {
  const strict = parseTranslations(content, 1);
  if (strict) return strict[0] ?? null;
  const text = unfence(content.trim());
  const value = tryJson(text);
  if (typeof value === "string" && value.trim() !== "") return value;
  if (text === "" || /^[[{]/u.test(text)) return null;
  return text;
}

function unfence(text: string): string {
  return FENCE.exec(text)?.[1]?.trim() ?? text;
}

function* jsonCandidates(content: string): Generator<string> {
  const text = unfence(content.trim());
  yield text;
  // JSON embedded in prose: from the first opening bracket to the last closing one.
  for (const [open, close] of [
    ["[", "]"],
    ["{", "}"],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start > 0 || (start === 0 && end < text.length - 1)) {
      if (end > start) yield text.slice(start, end + 1);
    }
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toList(value: unknown, expected: number): string[] | null {
  if (Array.isArray(value)) {
    return value.length === expected && value.every((item): item is string => typeof item === "string") ? value : null;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("translations" in record) return toList(record.translations, expected);
    const arrays = Object.values(record).filter((item) => Array.isArray(item));
    if (arrays.length === 1) return toList(arrays[0], expected);
    const strings = Object.values(record).filter((item): item is string => typeof item === "string");
    if (expected === 1 && arrays.length === 0 && strings.length === 1) return strings;
  }
  return null;
}
