/**
 * The parts of a user-interface string that are not words: a keyboard accelerator (`&File`,
 * `_Open`), and a closing ellipsis or colon (`Save As…`, `Name:`). They are taken off before the
 * words are looked up or translated and put back after, so that `_Open…` and `Open` share one
 * table entry and the translation keeps the marker a toolkit needs.
 */

export interface UiString {
  /** The words: no accelerator marker, no closing ellipsis, colon or spaces. */
  core: string;
  /** `_` or `&`, when the string had one accelerator. */
  marker: string | null;
  /** The letter the marker stood before. */
  letter: string;
  /** What followed the words: `…`, `...`, `:`, spaces. */
  suffix: string;
}

/**
 * `_` at the start of a word (GTK: `_Open`, `Save _As`), `&` before a letter (Qt: `&File`,
 * `Fi&le`), not a character reference (`&amp;`). One only, and the only `_` or `&` of the
 * string: more are snake_case names (`pam_*_item`) or "this & that".
 */
const MARKER = /(?<![\p{L}\p{N}_])_(?=\p{L})|&(?=\p{L})(?![\p{L}\p{N}]*;)/gu;
const SUFFIX = /(?:\s*(?:…|\.\.\.|:))?\s*$/u;

export function splitUiString(text: string): UiString {
  const markers = [...text.matchAll(MARKER)];
  const m = markers.length === 1 ? markers[0] : undefined;
  const marker = m && text.split(m[0]).length === 2 ? m : undefined;
  const body = marker ? text.slice(0, marker.index) + text.slice(marker.index + 1) : text;
  const suffix = SUFFIX.exec(body)?.[0] ?? "";
  return {
    core: body.slice(0, body.length - suffix.length),
    marker: marker ? marker[0] : null,
    letter: marker ? text.charAt(marker.index + 1) : "",
    suffix,
  };
}

/** The translated words with the marker and suffix of the original put back. */
export function joinUiString(translatedCore: string, original: UiString): string {
  let core = translatedCore;
  if (original.marker) core = placeMarker(core, original.marker, original.letter);
  const closing = /(?:…|\.\.\.|:)\s*$/u.test(core) ? "" : original.suffix;
  return core + closing;
}

/**
 * The marker goes before the same letter at the start of a word when the translation has one
 * (`&File` → `&Fichier`), else before its first letter, where translators put it.
 */
function placeMarker(text: string, marker: string, letter: string): string {
  const escaped = letter.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const index =
    new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, "iu").exec(text)?.index ??
    /\p{L}/u.exec(text)?.index ??
    (text.length > 0 ? 0 : undefined);
  if (index === undefined) return text;
  return text.slice(0, index) + marker + text.slice(index);
}

/** The key of a UI string in a table: its words, lowercase, single-spaced. */
export function uiKey(text: string): string {
  return splitUiString(text).core.replace(/\s+/gu, " ").trim().toLowerCase();
}

/**
 * The first letter of a translation in the case of the source's: rule-based engines lowercase a
 * sentence whose first words they reorder (`There are %d matches` → `hay %d partidos`) and
 * capitalise a message that starts in lowercase (`unknown option` → `Opción desconocida`). A
 * first word copied from the source or written in capitals (a name, an acronym) is left alone.
 */
export function keepInitialCase(source: string, translation: string): string {
  const s = /^[\s"'“‘«¿¡([-]*(\p{L})/u.exec(source);
  const t = /^[\s"'“‘«¿¡([-]*(\p{L}[\p{L}\p{N}'’-]*)/u.exec(translation);
  const sFirst = s?.[1];
  const tWord = t?.[1];
  if (!sFirst || !tWord || !t) return translation;
  const tFirst = tWord.charAt(0);
  const upper = sFirst !== sFirst.toLowerCase();
  const lower = sFirst !== sFirst.toUpperCase();
  let first = tFirst;
  if (upper && tFirst !== tFirst.toUpperCase()) first = tFirst.toUpperCase();
  else if (
    lower &&
    tFirst !== tFirst.toLowerCase() &&
    !source.includes(tWord) &&
    (tWord.length === 1 || tWord.slice(1) === tWord.slice(1).toLowerCase())
  ) {
    first = tFirst.toLowerCase();
  }
  if (first === tFirst) return translation;
  const i = t[0].length - tWord.length;
  return translation.slice(0, i) + first + translation.slice(i + 1);
}
