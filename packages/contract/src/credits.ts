import { creditWeight } from "./languages";

/**
 * The billing rule, shared by the API (which bills with it) and the console (which estimates
 * with it before sending): credits = output characters × the target language's script weight.
 */

/** Characters as the spec counts them: Unicode code points, so an emoji is one, not two. */
export function countCharacters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Credits for output into a language: characters × the weight of its script. */
export function creditsFor(characters: number, targetLang: string): number {
  return characters * creditWeight(targetLang);
}

/**
 * What a text into one target is expected to cost before it is translated: the output is not
 * known yet, so its length is taken to be the input's. The API checks the balance against this
 * figure (402 before any work) and bills the real output afterwards.
 */
export function estimateCredits(text: string, targetLang: string): number {
  return creditsFor(countCharacters(text), targetLang);
}
