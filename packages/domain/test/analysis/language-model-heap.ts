// Run by detect-language.test.ts in a fresh process: the memory (RSS) after importing the
// domain package, and after its first language detection.

import { detectLanguage } from "../../src";

const used = () => process.memoryUsage().rss;
const imported = used();
const detected = await detectLanguage("The committee will publish its final report on the new railway line next spring.");
console.log(JSON.stringify({ imported, detected: used(), language: detected.language }));
