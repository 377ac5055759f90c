/**
 * A second check of the close-neighbour decisions on prose that is in no language-identification
 * set (neither split): the sentences of Universal Dependencies treebanks (dev and test files),
 * TALPCo's parallel everyday sentences in Indonesian and Malay, and the transcripts of
 * Melayu_Standard_Lisan (spoken Malay). The test split's texts are software strings, web pages
 * and the UDHR; a rule for the standards of one language (ms/id, nb/nn) or for Slovenian against
 * Serbo-Croatian is kept only when it helps here and on the tuning split, not on one of them.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/check-langid-prose.ts
 *
 * Needs the repositories below brought with `fetch` (bare git directories under /work/.mirror,
 * or TOLK_MIRRORS). Prints each set's accuracy and its wrong answers; a set whose repository is
 * missing is named and skipped.
 */
import { LANGID_SETS, readSet } from "./langid-sets";
import { listFiles, mirrorDir, showFile } from "./mirrors";

interface ProseSet {
  name: string;
  lang: string;
  repository: string;
  /** The texts of the set, read from the repository's HEAD. */
  read: (show: (path: string) => string, files: string[]) => string[];
}

/** At most this many texts a set, so that the check takes seconds. */
const PER_SET = 1500;
const MIN_CHARACTERS = 25;

const treebank =
  (prefix: string) =>
  (show: (path: string) => string): string[] =>
    ["dev", "test"].flatMap((part) =>
      show(`${prefix}-ud-${part}.conllu`)
        .split("\n")
        .filter((l) => l.startsWith("# text = "))
        .map((l) => l.slice("# text = ".length)),
    );
const talpco = (file: string) => (show: (path: string) => string) =>
  show(file)
    .split("\n")
    .map((l) => l.split("\t")[1] ?? "");

const SETS: readonly ProseSet[] = [
  {
    name: "UD Indonesian-GSD",
    lang: "id",
    repository: "UniversalDependencies/UD_Indonesian-GSD",
    read: treebank("id_gsd"),
  },
  { name: "TALPCo Indonesian", lang: "id", repository: "matbahasa/TALPCo", read: talpco("ind/data_ind.txt") },
  { name: "TALPCo Malay", lang: "ms", repository: "matbahasa/TALPCo", read: talpco("zsm/data_zsm.txt") },
  {
    name: "Melayu_Standard_Lisan",
    lang: "ms",
    repository: "matbahasa/Melayu_Standard_Lisan",
    read: (show, files) =>
      files
        // The transcripts sit at the top; the folders below hold annotation tables.
        .filter((f) => /^[^/]+\.txt$/.test(f))
        .flatMap((f) =>
          show(f)
            .replace(/^\uFEFF/, "")
            .split("\n"),
        ),
  },
  {
    name: "UD Norwegian-Nynorsk",
    lang: "nn",
    repository: "UniversalDependencies/UD_Norwegian-Nynorsk",
    read: treebank("no_nynorsk"),
  },
  {
    name: "UD Norwegian-Bokmaal",
    lang: "nb",
    repository: "UniversalDependencies/UD_Norwegian-Bokmaal",
    read: treebank("no_bokmaal"),
  },
  {
    name: "UD Slovenian-SSJ",
    lang: "sl",
    repository: "UniversalDependencies/UD_Slovenian-SSJ",
    read: treebank("sl_ssj"),
  },
  {
    name: "UD Croatian-SET",
    lang: "hr",
    repository: "UniversalDependencies/UD_Croatian-SET",
    read: treebank("hr_set"),
  },
  { name: "UD Serbian-SET", lang: "sr", repository: "UniversalDependencies/UD_Serbian-SET", read: treebank("sr_set") },
];

const { detectLanguage } = await import("@tolk/domain/evaluation");

async function check(name: string, lang: string, texts: readonly string[]): Promise<void> {
  let right = 0;
  const wrong = new Map<string, number>();
  for (const text of texts) {
    const answer = (await detectLanguage(text)).language;
    if (answer === lang) right++;
    else wrong.set(answer, (wrong.get(answer) ?? 0) + 1);
  }
  const errors = [...wrong]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ×${n}`)
    .join(", ");
  const share = texts.length ? ((100 * right) / texts.length).toFixed(1) : "–";
  console.log(`${name} (${lang}): ${share} % of ${texts.length}${errors ? `; wrong: ${errors}` : ""}`);
}

for (const set of SETS) {
  const dir = mirrorDir(set.repository);
  if (!dir) {
    console.log(`${set.name}: missing (fetch github:${set.repository})`);
    continue;
  }
  const texts = set
    .read((path) => showFile(dir, path), listFiles(dir))
    .map((t) => t.trim())
    .filter((t) => t.length >= MIN_CHARACTERS)
    .slice(0, PER_SET);
  await check(set.name, set.lang, texts);
}

const tune = LANGID_SETS.find((s) => s.split === "tune");
const tuning = tune ? (readSet(tune) ?? []) : [];
for (const lang of [...new Set(SETS.map((s) => s.lang))])
  await check(
    `tuning split`,
    lang,
    tuning.filter((s) => s.lang === lang).map((s) => s.text),
  );
