// Run by detect-language.test.ts in a fresh process: the memory outside V8's heap (where the
// models' WebAssembly memory is counted) after importing the domain package, and after its
// first language detection. Not RSS: the allocator's and the OS's reuse of pages make it vary
// by more than the models' size from run to run.

import { detectLanguage } from "../../src";

const used = () => process.memoryUsage().external;
const imported = used();
const detected = await detectLanguage(
  "The committee will publish its final report on the new railway line next spring.",
);
console.log(JSON.stringify({ imported, detected: used(), language: detected.language }));
