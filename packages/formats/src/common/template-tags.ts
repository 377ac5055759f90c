/**
 * Template tags in documents that are templates (Jekyll/Liquid, Jinja, Django, Hugo/Go and its
 * shortcodes `{{< >}}` `{{% %}}`, Handlebars, Mustache, Eleventy/Nunjucks): `{% … %}`,
 * `{{ … }}`, `{{{ … }}}`, `{# … #}`. They are code, not text: filters make each one an isolated
 * code so no engine translates or escapes it.
 */

/** The longest tag looked for: a file full of unclosed `{{` costs a bounded scan per `{`. */
const MAX_TAG = 2000;

export interface TagRange {
  start: number;
  end: number;
}

/**
 * Every template tag of `text`, whole. A `{{ … }}` tag ends where its braces balance, so a call
 * holding an object literal (`{{ npm_tabs({ command: "x" }) }}`) or a nested tag is one tag;
 * where they do not balance within reach, the next `}}` closes it. Linear in the text: braces
 * are matched in one pass and each closer is searched for once, so a file full of unclosed `{{`
 * costs no more than any other.
 */
export function templateTags(text: string): TagRange[] {
  const balanced = matchBraces(text);
  const closers = new Map<string, number>();
  /** The next `close` at or after `from` (searched again only once the last one found is passed). */
  const next = (close: string, from: number): number => {
    let at = closers.get(close);
    if (at === undefined || (at >= 0 && at < from)) {
      at = text.indexOf(close, from);
      closers.set(close, at);
    }
    return at;
  };
  const within = (at: number, close: string, from: number) => {
    const found = next(close, from);
    return found >= 0 && found + close.length - at <= MAX_TAG ? found + close.length : -1;
  };
  const tags: TagRange[] = [];
  let at = text.indexOf("{");
  while (at >= 0 && at < text.length - 1) {
    const second = text.charAt(at + 1);
    let end = -1;
    if (second === "%") end = within(at, "%}", at + 2);
    else if (second === "#") end = within(at, "#}", at + 2);
    else if (second === "{") {
      const close = balanced.get(at);
      end = close !== undefined && close - at <= MAX_TAG ? close : within(at, "}}", at + 2);
    }
    if (end > at) {
      tags.push({ start: at, end });
      at = text.indexOf("{", end);
    } else at = text.indexOf("{", at + 1);
  }
  return tags;
}

/** Nesting tracked: deeper braces are counted, not matched. */
const MAX_DEPTH = 64;

/** For each `{{`, the end of the brace that balances its first `{`. */
function matchBraces(text: string): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  let deeper = 0;
  for (let i = text.indexOf("{"); i >= 0 && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      if (open.length < MAX_DEPTH) open.push(i);
      else deeper++;
    } else if (c === 0x7d) {
      if (deeper > 0) deeper--;
      else {
        const start = open.pop();
        if (start !== undefined && text.charCodeAt(start + 1) === 0x7b) ends.set(start, i + 1);
      }
    }
  }
  return ends;
}
