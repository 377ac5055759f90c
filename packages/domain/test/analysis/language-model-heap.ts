// Run by detect-language.test.ts in a fresh process: the heap after importing the domain
// package, and after its first language detection.
import { getHeapStatistics } from "node:v8";

import { detectLanguage } from "../../src";

const used = () => getHeapStatistics().used_heap_size;
const imported = used();
const detected = await detectLanguage("The committee will publish its final report on the new railway line next spring.");
console.log(JSON.stringify({ imported, detected: used(), language: detected.language }));
