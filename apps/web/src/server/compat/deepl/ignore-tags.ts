/**
 * DeepL's `ignore_tags`: the content of those elements is not translated. Tolk's pipeline keeps
 * every tag exactly, so each ignored element (its tags and content) travels as one empty
 * placeholder element and is put back as it was after translation. Elements of the same name
 * nested in each other are not supported (the first closing tag ends the span).
 */
export interface IgnoredSpans {
  text: string;
  restore(translated: string): string;
}

const PLACEHOLDER = (i: number) => `<tolk-ignored i="${i}"/>`;
const PLACEHOLDER_RE = /<tolk-ignored i="(\d+)"\/>/gu;

export function parseIgnoreTags(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(","))
    .map((tag) => tag.trim())
    .filter((tag) => /^[A-Za-z_][\w.:-]*$/u.test(tag));
}

export function hideIgnoredElements(text: string, tags: readonly string[]): IgnoredSpans {
  if (tags.length === 0) return { text, restore: (t) => t };
  const names = tags.map((t) => t.replace(/[.:-]/gu, "\\$&")).join("|");
  const element = new RegExp(`<(${names})(?:\\s[^>]*)?>[\\s\\S]*?</\\1\\s*>`, "giu");
  const spans: string[] = [];
  const hidden = text.replace(element, (span) => PLACEHOLDER(spans.push(span) - 1));
  return {
    text: hidden,
    restore: (translated) => translated.replace(PLACEHOLDER_RE, (marker, i: string) => spans[Number(i)] ?? marker),
  };
}
