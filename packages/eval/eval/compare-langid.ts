/**
 * Compares language identifiers on the test split of the language-identification sets
 * (langid-sets.ts): macro accuracy over the languages (and sr-Latn), the share of "auto" or
 * no answer, the worst languages, speed (texts per second, one thread, after loading) and memory
 * (the process's RSS after loading and after the run; each identifier runs in a process of its
 * own). Every library runs with its full model, as in production.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/compare-langid.ts            # test split
 *   pnpm --filter @tolk/eval exec tsx eval/compare-langid.ts --tune     # the tuning split
 *
 * Libraries answer their own codes; the few that differ from the API's are mapped (CLD3's "iw",
 * lingua's language names); none is credited for a class it lacks (fastText's and ELD's "no"
 * is wrong for nb and nn, ELD's "ms" wrong for id). "tolk" is detectLanguage itself.
 */
import { execFileSync } from "node:child_process";

import { type LangidSample, LANGID_SETS, readSet } from "./langid-sets";
import { percent, score, weakest } from "./langid-score";

type Identify = (text: string) => string | Promise<string>;

// lingua answers English names.
const LINGUA: Record<string, string> = {
  Afrikaans: "af",
  Albanian: "sq",
  Arabic: "ar",
  Armenian: "hy",
  Azerbaijani: "az",
  Basque: "eu",
  Belarusian: "be",
  Bengali: "bn",
  Bokmal: "nb",
  Bosnian: "bs",
  Bulgarian: "bg",
  Catalan: "ca",
  Chinese: "zh",
  Croatian: "hr",
  Czech: "cs",
  Danish: "da",
  Dutch: "nl",
  English: "en",
  Esperanto: "eo",
  Estonian: "et",
  Finnish: "fi",
  French: "fr",
  Ganda: "lg",
  Georgian: "ka",
  German: "de",
  Greek: "el",
  Gujarati: "gu",
  Hebrew: "he",
  Hindi: "hi",
  Hungarian: "hu",
  Icelandic: "is",
  Indonesian: "id",
  Irish: "ga",
  Italian: "it",
  Japanese: "ja",
  Kazakh: "kk",
  Korean: "ko",
  Latin: "la",
  Latvian: "lv",
  Lithuanian: "lt",
  Macedonian: "mk",
  Malay: "ms",
  Maori: "mi",
  Marathi: "mr",
  Mongolian: "mn",
  Nynorsk: "nn",
  Persian: "fa",
  Polish: "pl",
  Portuguese: "pt",
  Punjabi: "pa",
  Romanian: "ro",
  Russian: "ru",
  Serbian: "sr",
  Shona: "sn",
  Slovak: "sk",
  Slovene: "sl",
  Somali: "so",
  Sotho: "st",
  Spanish: "es",
  Swahili: "sw",
  Swedish: "sv",
  Tagalog: "tl",
  Tamil: "ta",
  Telugu: "te",
  Thai: "th",
  Tsonga: "ts",
  Tswana: "tn",
  Turkish: "tr",
  Ukrainian: "uk",
  Urdu: "ur",
  Vietnamese: "vi",
  Welsh: "cy",
  Xhosa: "xh",
  Yoruba: "yo",
  Zulu: "zu",
};
const CLD3: Record<string, string> = {
  iw: "he",
  "zh-Latn": "zh",
  "ja-Latn": "ja",
  "bg-Latn": "bg",
  "ru-Latn": "ru",
  "el-Latn": "el",
  "hi-Latn": "hi",
};

const CANDIDATES: Record<string, { label: string; load: () => Promise<Identify> }> = {
  eld: {
    label: "eld 2.1 (large)",
    load: async () => {
      const { eld } = await import("eld/large");
      return (t) => eld.detect(t).language || "auto";
    },
  },
  lingua: {
    label: "@bluzzi/lingua 1.5 (lingua-rs, all 75 languages)",
    load: async () => {
      const { LanguageDetectorBuilder } = await import("@bluzzi/lingua");
      const detector = LanguageDetectorBuilder.fromAllLanguages().build();
      return (t) => {
        const name = detector.detectLanguageOf(t);
        return name ? (LINGUA[name] ?? name) : "auto";
      };
    },
  },
  cld3: {
    label: "cld3-asm 4.0",
    load: async () => {
      const { loadModule } = await import("cld3-asm");
      const cld = (await loadModule()).create(0, 1000);
      return (t) => {
        const l = cld.findLanguage(t).language as string;
        return l === "und" ? "auto" : (CLD3[l] ?? l);
      };
    },
  },
  fasttext: {
    label: "fasttext.wasm.js 1.0 (lid.176.ftz)",
    load: async () => {
      const { getLIDModel } = await import("fasttext.wasm.js");
      const model = await (await getLIDModel()).load();
      return (t) => model.predict(t.replace(/\s+/g, " "), 1, 0).get(0)[1].replace("__label__", "");
    },
  },
  tolk: {
    label: "tolk detectLanguage",
    load: async () => {
      const { detectLanguage } = await import("@tolk/domain/evaluation");
      await detectLanguage("The model is loaded by the first detection.");
      return async (t) => (await detectLanguage(t)).language;
    },
  },
};

const tune = process.argv.includes("--tune");
const sets = LANGID_SETS.filter((s) => s.split === (tune ? "tune" : "test"))
  .map((s) => ({ set: s, samples: readSet(s) }))
  .filter((x): x is { set: (typeof LANGID_SETS)[number]; samples: LangidSample[] } => x.samples !== null);
const samples = sets.flatMap((x) => x.samples);

const one = process.argv[process.argv.indexOf("--one") + 1];
if (process.argv.includes("--one") && one) {
  // Child: one identifier, its answers and its costs.
  const rss = () => process.memoryUsage().rss / 1e6;
  const before = rss();
  const t0 = performance.now();
  const candidate = CANDIDATES[one];
  if (!candidate) throw new Error(`unknown identifier ${one}`);
  const identify = await candidate.load();
  const loadMs = performance.now() - t0;
  const loaded = rss();
  for (const s of samples.slice(0, 200)) await identify(s.text);
  const t1 = performance.now();
  const answers: string[] = [];
  for (const s of samples) answers.push(await identify(s.text));
  const runMs = performance.now() - t1;
  process.stdout.write(JSON.stringify({ answers, loadMs, runMs, before, loaded, after: rss() }));
} else {
  const names = process.argv.slice(2).filter((a) => !a.startsWith("--") && a in CANDIDATES);
  console.log(
    `${tune ? "Tuning" : "Test"} split: ${sets.map((x) => `${x.set.name} (${x.samples.length})`).join(", ")}; ${samples.length} texts\n`,
  );
  console.log(
    "| identifier | macro accuracy | lowest languages | auto | texts/s | load | RSS loaded / after run | most frequent errors |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const name of names.length ? names : Object.keys(CANDIDATES)) {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", import.meta.filename, "--one", name, ...(tune ? ["--tune"] : [])],
      {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const r = JSON.parse(out) as { answers: string[]; loadMs: number; runMs: number; loaded: number; after: number };
    const s = score(samples, r.answers);
    const perSet = sets.map((x) => {
      const from = samples.indexOf(x.samples[0] as LangidSample);
      return `${x.set.name} ${percent(score(x.samples, r.answers.slice(from, from + x.samples.length)).macro)}`;
    });
    console.log(
      `| ${CANDIDATES[name]?.label} | ${percent(s.macro)} (${perSet.join(", ")}) | ${weakest(s, 0.9).slice(0, 6).join(", ")} | ${percent(s.auto)} | ` +
        `${Math.round(samples.length / (r.runMs / 1000))} | ${(r.loadMs / 1000).toFixed(1)} s | ${Math.round(r.loaded)} / ${Math.round(r.after)} MB | ` +
        `${s.errors
          .slice(0, 5)
          .map(([k, v]) => `${k} ×${v}`)
          .join(", ")} |`,
    );
  }
}
