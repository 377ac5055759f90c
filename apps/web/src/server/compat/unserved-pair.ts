import { type TolkError } from "@tolk/domain";

/**
 * The compatibility APIs' message for a pair no engine serves. /v1's lists every available pair
 * (over 1,600 characters with Apertium's 200-odd pairs); Weblate shows the first 200 characters
 * of an error in its form, so this one says what is missing and where adding it is explained.
 */
export function unservedPairMessage(err: TolkError): string | undefined {
  const pair = err.extra.pair;
  if (err.code !== "unsupported_language_pair" || !pair) return undefined;
  return `No engine translates ${pair.source}→${pair.target} on this server. Add one (an LLM, LibreTranslate, DeepL or an Apertium pair), or your organization's own DeepL key in the console: see docs/compatibility.md.`;
}
