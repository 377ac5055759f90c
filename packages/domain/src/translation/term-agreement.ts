/**
 * Agreement around a term the engine never saw. A glossary term reaches the engine as an opaque
 * token (`[[3]]`), so the engine picks a default determiner for it ("el [[3]]"); once the token
 * becomes "vivienda", the sentence would read "el vivienda". This post-edit makes the determiner
 * (and one adjective between them, "el nuevo [[3]]") agree with the term, before the tokens are
 * restored.
 *
 * Spanish only (the installed Apertium's main target). The term's gender and number are guessed
 * from its first word: plural when it ends in -s after a vowel ("datos", "cuentas"), feminine when
 * it ends in -a, -ción, -sión, -dad, -tad, -tud, -umbre, except the usual masculine -a nouns
 * ("día", "mapa", "problema", "sistema"…). A determiner that is not in the table is left alone.
 */

type Form = "ms" | "fs" | "mp" | "fp";
const DETERMINERS: Record<Form, string>[] = [
  { ms: "el", fs: "la", mp: "los", fp: "las" },
  { ms: "un", fs: "una", mp: "unos", fp: "unas" },
  { ms: "este", fs: "esta", mp: "estos", fp: "estas" },
  { ms: "ese", fs: "esa", mp: "esos", fp: "esas" },
  { ms: "aquel", fs: "aquella", mp: "aquellos", fp: "aquellas" },
  { ms: "nuestro", fs: "nuestra", mp: "nuestros", fp: "nuestras" },
  { ms: "vuestro", fs: "vuestra", mp: "vuestros", fp: "vuestras" },
  { ms: "otro", fs: "otra", mp: "otros", fp: "otras" },
  { ms: "del", fs: "de la", mp: "de los", fp: "de las" },
  { ms: "al", fs: "a la", mp: "a los", fp: "a las" },
];
const LOOKUP = new Map<string, Record<Form, string>>();
for (const row of DETERMINERS) for (const word of Object.values(row)) if (!word.includes(" ")) LOOKUP.set(word, row);
// "su/sus", "mi/mis", "tu/tus" only change in number.
for (const [sg, pl] of [
  ["su", "sus"],
  ["mi", "mis"],
  ["tu", "tus"],
] as const) {
  const row = { ms: sg, fs: sg, mp: pl, fp: pl };
  LOOKUP.set(sg, row);
  LOOKUP.set(pl, row);
}

const MASCULINE_A = new Set([
  "día",
  "mapa",
  "problema",
  "sistema",
  "programa",
  "tema",
  "idioma",
  "clima",
  "esquema",
  "planeta",
  "sofá",
  "pijama",
  "diagrama",
  "dilema",
  "lema",
  "poema",
  "drama",
  "cometa",
]);

export function guessSpanishForm(term: string): Form {
  const head = (term.trim().split(/\s+/u)[0] ?? "").toLowerCase();
  const plural = /[aeiouáéó]s$/u.test(head) && !/(?:is|us)$/u.test(head);
  const singular = plural ? head.replace(/e?s$/u, "") : head;
  const feminine =
    !MASCULINE_A.has(singular) &&
    (/a$/u.test(singular) ||
      /(?:ción|sión|dad|tad|tud|umbre)$/u.test(singular) ||
      (plural && /(?:cion|sion|dad|tad|tud|umbre)$/u.test(singular)));
  return `${feminine ? "f" : "m"}${plural ? "p" : "s"}` as Form;
}

const TOKEN = /\[\[(\d+)\]\]/gu;

/**
 * Engine output with the determiners before term tokens agreeing with their terms (Spanish). For
 * the tokens in `determinerOnly` only a determiner right before the token changes: the word before
 * a term may be a noun of its own ("la cámara [[0]]"), which an adjective's -o/-a rule would corrupt.
 */
export function agreeWithTerms(
  output: string,
  terms: ReadonlyMap<number, string>,
  targetLang: string,
  determinerOnly?: ReadonlySet<number>,
): string {
  if (targetLang !== "es" || terms.size === 0) return output;
  let out = "";
  let last = 0;
  for (const m of output.matchAll(TOKEN)) {
    const term = terms.get(Number(m[1]));
    if (term === undefined) continue;
    out +=
      agreeBefore(output.slice(last, m.index), guessSpanishForm(term), determinerOnly?.has(Number(m[1])) ?? false) +
      m[0];
    last = m.index + m[0].length;
  }
  return out + output.slice(last);
}

/**
 * The last two words before a term token: a determiner right before it agrees ("el [[0]]"); a
 * determiner one word further agrees, and so does the -o/-a adjective between ("el nuevo [[0]]").
 */
function agreeBefore(text: string, form: Form, nearOnly: boolean): string {
  const m = /(?:(?<![\p{L}])(\p{L}+) )?(?<![\p{L}])(\p{L}+) $/u.exec(text);
  if (!m) return text;
  const [whole, w1, w2 = ""] = m;
  const head = text.slice(0, text.length - whole.length);
  const near = LOOKUP.get(w2.toLowerCase());
  if (near) return `${head}${w1 === undefined ? "" : `${w1} `}${sameCase(w2, near[form])} `;
  const far = w1 === undefined || nearOnly ? undefined : LOOKUP.get(w1.toLowerCase());
  if (far && w1 !== undefined) return `${head}${sameCase(w1, far[form])} ${agreeAdjective(w2, form)} `;
  return text;
}

/** -o/-a/-os/-as adjectives follow the term; others ("grande", "útil") do not change. */
function agreeAdjective(word: string, form: Form): string {
  const m = /^(\p{L}+?)(o|a|os|as)$/u.exec(word);
  if (!m) return word;
  return (m[1] ?? "") + { ms: "o", fs: "a", mp: "os", fp: "as" }[form];
}

const sameCase = (original: string, word: string) =>
  original.charAt(0) !== original.charAt(0).toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
