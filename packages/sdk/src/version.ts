// Replaced at build time (tsdown.config.ts, vitest.config.ts) with package.json's version; the
// published code never reads package.json, which a browser or Deno could not.
declare const __TOLK_SDK_VERSION__: string | undefined;

export const VERSION: string = typeof __TOLK_SDK_VERSION__ === "string" ? __TOLK_SDK_VERSION__ : "0.0.0-dev";

/** `User-Agent` of every request: the SDK and its version. */
export const USER_AGENT = `tolk-sdk-js/${VERSION}`;
