/**
 * Between two standards of one language (Malay and Indonesian, Bokmål and Nynorsk) the letters
 * say little; the forms only one standard writes say more. One rule for every such pair: the
 * standard whose markers the text holds more of, and the letters' answer on a tie.
 */
export interface StandardMarkers {
  /** Words and two-word terms (_muat turun_) only this standard writes. */
  words: ReadonlySet<string>;
  /** Word endings only this standard writes (-leg against -lig). */
  endings?: RegExp;
}

function count(words: readonly string[], markers: StandardMarkers): number {
  return words.filter(
    (w, i) =>
      markers.words.has(w) ||
      (i + 1 < words.length && markers.words.has(`${w} ${words[i + 1]}`)) ||
      (markers.endings?.test(w) ?? false),
  ).length;
}

/** `words` are the text's words in lower case; `tie` is the letters' answer. */
export function standardByMarkers<A extends string, B extends string>(
  words: readonly string[],
  [a, aMarkers]: readonly [A, StandardMarkers],
  [b, bMarkers]: readonly [B, StandardMarkers],
  tie: A | B,
): A | B {
  const forA = count(words, aMarkers);
  const forB = count(words, bMarkers);
  if (forA === forB) return tie;
  return forA > forB ? a : b;
}
