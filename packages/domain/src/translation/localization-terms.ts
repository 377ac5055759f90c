/**
 * The built-in localization tables (localization-terms/en-*.json, built from human translations
 * of software by packages/eval/scripts/build-localization-terms.ts) as the translation pipeline uses them:
 *
 * - a whole segment that is a known short string (`Open file`, `_Save…`) takes the table's
 *   translation, with the segment's case, accelerator and ellipsis;
 * - inside longer segments, terms whose translation held in most catalogs' sentences are term
 *   constraints, as glossary terms are (an organization's glossary wins over them);
 * - the first word of a short label takes the form translators give commands (`Open menu…` →
 *   `Abrir menú…`);
 * - names stay as written (software-names.ts).
 */
import { LOCALIZATION_TARGETS } from "./localization-targets";
import { type Term, TermSet, followCase } from "./term-matcher";
import { splitUiString } from "./ui-strings";

/** The origin reported for a built-in term (`glossary_terms_applied[].origin`). */
export const LOCALIZATION_ORIGIN = "localization";

interface TableFile {
  phrases: [string, string][];
  /** Source, target, other translations the catalogs use (`|`-separated). */
  terms: [string, string, string?][];
  commands: [string, string][];
}

// One import per table, so that a bundler ships each as its own lazily loaded chunk.
const LOADERS: Readonly<Record<string, () => Promise<{ default: unknown }>>> = {
  an: () => import("../../localization-terms/en-an.json"),
  bs: () => import("../../localization-terms/en-bs.json"),
  ca: () => import("../../localization-terms/en-ca.json"),
  eo: () => import("../../localization-terms/en-eo.json"),
  es: () => import("../../localization-terms/en-es.json"),
  fr: () => import("../../localization-terms/en-fr.json"),
  gl: () => import("../../localization-terms/en-gl.json"),
  hr: () => import("../../localization-terms/en-hr.json"),
  it: () => import("../../localization-terms/en-it.json"),
  oc: () => import("../../localization-terms/en-oc.json"),
  pt: () => import("../../localization-terms/en-pt.json"),
  sc: () => import("../../localization-terms/en-sc.json"),
  sl: () => import("../../localization-terms/en-sl.json"),
  sr: () => import("../../localization-terms/en-sr.json"),
};

export class LocalizationTerms {
  readonly terms: TermSet;
  private readonly phrases: ReadonlyMap<string, string>;
  private readonly commands: ReadonlyMap<string, string>;
  private readonly accepted = new Map<string, Set<string>>();

  constructor(
    readonly target: string,
    table: TableFile,
  ) {
    this.phrases = new Map(table.phrases);
    this.commands = new Map(table.commands);
    this.terms = new TermSet(
      table.terms.map(([source, target]): Term => ({ source, target, origin: LOCALIZATION_ORIGIN })),
    );
    for (const [source, target, others] of table.terms)
      this.accepted.set(source, new Set([target, ...(others ? others.split("|") : [])]));
  }

  /** Whether translators also render a term this way: an engine's rendering they use stays. */
  accepts(source: string, rendering: string): boolean {
    return this.accepted.get(source)?.has(rendering.toLowerCase()) ?? false;
  }

  /** Whether the table has the words as a string of its own (`Save`, `open file`). */
  knows(words: string): boolean {
    return this.phrase(words) !== undefined;
  }

  /**
   * The table's translation of a whole string; undefined when it has none. Strings are keyed as
   * translators wrote them; a string found only in another case takes the case of the text:
   * `Open file` from `open file`, `open file` from `Open file` (unless the target starts with a
   * capital of its own, "Bluetooth"), `SIZE` from `size`, `Sort Type` from `Sort type`.
   */
  phrase(text: string): Term | undefined {
    const core = splitUiString(text).core.replace(/\s+/gu, " ").trim();
    if (core === "") return undefined;
    const found = (target: string): Term => ({ source: core, target, origin: LOCALIZATION_ORIGIN });
    const exact = this.phrases.get(core);
    if (exact !== undefined) return found(exact);
    const first = core.charAt(0);
    const rest = core.slice(1);
    if (first !== first.toLowerCase()) {
      // Title Case (`Sort Type`) is how English writes labels; other languages write them in
      // sentence case, as the catalogs key them (`Sort type`).
      const sentence = first + rest.toLowerCase();
      const other =
        this.phrases.get(first.toLowerCase() + rest) ??
        this.phrases.get(core.toLowerCase()) ??
        this.phrases.get(sentence);
      if (other !== undefined) return found(followCase(core, other));
    } else {
      const capital = this.phrases.get(first.toUpperCase() + rest);
      if (capital !== undefined) {
        const second = capital.charAt(1);
        return found(
          second !== "" && second === second.toLowerCase()
            ? capital.charAt(0).toLowerCase() + capital.slice(1)
            : capital,
        );
      }
    }
    return undefined;
  }

  /** The command form of the first word of a short label, if the table has one. */
  command(word: string): string | undefined {
    return this.commands.get(word.toLowerCase());
  }
}

const loaded = new Map<string, Promise<LocalizationTerms | null>>();

/** The built-in table of a pair; null when Tolk ships none (only English sources have tables). */
export function loadLocalizationTerms(source: string, target: string): Promise<LocalizationTerms | null> {
  if (source !== "en" || !(LOCALIZATION_TARGETS as readonly string[]).includes(target)) return Promise.resolve(null);
  const load = LOADERS[target];
  if (!load) return Promise.resolve(null);
  let table = loaded.get(target);
  if (!table) {
    table = load().then((m) => new LocalizationTerms(target, m.default as TableFile));
    loaded.set(target, table);
  }
  return table;
}
