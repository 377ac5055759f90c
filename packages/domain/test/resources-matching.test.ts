import { describe, expect, it } from "vitest";

import { MemoryIndex, levenshtein, similarityScore } from "../src";
import { TermSet } from "../src/translation/term-matcher";
import { repairFuzzyMatch } from "../src/translation/tm-repair";
import { removeForbiddenTerms } from "../src/translation/brand-voice-rules";
import { agreeWithTerms, guessSpanishForm } from "../src/translation/term-agreement";
import { pick, random } from "./translation-helpers";

const codes = (s: string) => Array.from(s, (c) => c.codePointAt(0) ?? 0);

/** Plain dynamic-programming Levenshtein, the reference for the banded one. */
function reference(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const curr = [i];
    for (let j = 1; j <= y.length; j++) {
      curr[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (curr[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    prev = curr;
  }
  return prev[y.length] ?? 0;
}

describe("similarity", () => {
  it("scores 100 × (1 − distance / longer length), rounded down", () => {
    expect(similarityScore("abc", "abc")).toBe(100);
    expect(similarityScore("You have 3 new messages.", "You have 4 new messages.")).toBe(95); // 1 of 24
    expect(similarityScore("kitten", "sitting")).toBe(57); // 3 of 7 = 57.1
    expect(similarityScore("", "")).toBe(100);
    expect(similarityScore("Ünïcødé", "Unicode")).toBe(42); // 4 of 7 code points differ (bytes would say otherwise)
  });

  it("banded Levenshtein equals the full one within the band and says 'over' beyond it", () => {
    const next = random(7);
    const alphabet = ["a", "b", "c", " ", "é"];
    for (let n = 0; n < 500; n++) {
      const a = Array.from({ length: Math.floor(next() * 12) }, () => pick(next, alphabet)).join("");
      const b = Array.from({ length: Math.floor(next() * 12) }, () => pick(next, alphabet)).join("");
      const limit = Math.floor(next() * 6);
      const d = reference(a, b);
      expect(levenshtein(codes(a), codes(b), limit), `${a}|${b}|${limit}`).toBe(d <= limit ? d : limit + 1);
    }
  });
});

describe("MemoryIndex", () => {
  it("finds exactly what a brute-force scan finds at or above the threshold, best first", () => {
    const next = random(11);
    const words = ["the", "file", "was", "saved", "not", "found", "open", "close", "error", "window", "new", "message"];
    const sentence = () => Array.from({ length: 2 + Math.floor(next() * 7) }, () => pick(next, words)).join(" ");
    const units = Array.from({ length: 800 }, (_, i) => ({
      id: `tmu_${String(i).padStart(4, "0")}`,
      source: sentence(),
      target: `t${i}`,
    }));
    const index = new MemoryIndex(units);
    for (let q = 0; q < 60; q++) {
      const query = q % 2 === 0 ? (units[q]?.source ?? "") + (q % 4 === 0 ? "s" : "") : sentence();
      const expected = units
        .map((u) => ({ id: u.id, score: similarityScore(query, u.source) }))
        .filter((m) => m.score >= 75)
        .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
      const got = index.search(query, { minScore: 75, limit: 1_000 }).map((m) => ({ id: m.unit.id, score: m.score }));
      expect(got, query).toEqual(expected);
    }
  });

  it("answers exact sources from its map", () => {
    const index = new MemoryIndex([{ id: "tmu_1", source: "Save", target: "Guardar" }]);
    expect(index.exact("Save")?.target).toBe("Guardar");
    expect(index.exact("save")).toBeUndefined();
  });
});

describe("TermSet", () => {
  const set = new TermSet([
    { source: "user account", target: "cuenta de usuario", origin: "gls_a" },
    { source: "user", target: "usuario", origin: "gls_a" },
    { source: "API", target: "API", origin: "gls_a" },
    { source: "dashboard", target: "panel", origin: "gls_a" },
    { source: "dashboard", target: "tablero", origin: "gls_b" },
  ]);
  const found = (text: string) => set.find(text).map((m) => [text.slice(m.start, m.end), m.rendered, m.term.origin]);

  it("matches whole words only, longest first", () => {
    expect(found("Open your user account, user.")).toEqual([
      ["user account", "cuenta de usuario", "gls_a"],
      ["user", "usuario", "gls_a"],
    ]);
    expect(found("The username and superuser")).toEqual([]);
  });

  it("is case-aware: lowercase terms follow the text's case, capitalised terms match only as written", () => {
    expect(found("Dashboard, DASHBOARD and dashboard")).toEqual([
      ["Dashboard", "Panel", "gls_a"],
      ["DASHBOARD", "PANEL", "gls_a"],
      ["dashboard", "panel", "gls_a"],
    ]);
    expect(found("the api and the API")).toEqual([["API", "API", "gls_a"]]);
  });

  it("keeps the first listed target when two glossaries disagree", () => {
    expect(set.targetOf("dashboard")).toBe("panel");
  });

  it("never matches inside skipped spans", () => {
    const text = "user [[0]] user";
    expect(set.find(text, [{ start: 5, end: 10 }]).map((m) => m.start)).toEqual([0, 11]);
  });
});

describe("repairFuzzyMatch", () => {
  const terms = new TermSet([
    { source: "file", target: "archivo", origin: "g" },
    { source: "folder", target: "carpeta", origin: "g" },
  ]);

  it("carries a changed number, placeholder or glossary term into the unit's target", () => {
    expect(
      repairFuzzyMatch(
        "You have 12 new messages.",
        { source: "You have 3 new messages.", target: "Tienes 3 mensajes nuevos." },
        terms,
      ),
    ).toEqual({
      text: "Tienes 12 mensajes nuevos.",
      repaired: [{ from: "3", to: "12" }],
    });
    expect(repairFuzzyMatch("Hello {user}!", { source: "Hello {name}!", target: "¡Hola {name}!" }, terms)?.text).toBe(
      "¡Hola {user}!",
    );
    expect(
      repairFuzzyMatch("Delete the folder?", { source: "Delete the file?", target: "¿Borrar el archivo?" }, terms)
        ?.text,
    ).toBe("¿Borrar el carpeta?");
    expect(repairFuzzyMatch("Folder saved.", { source: "File saved.", target: "Archivo guardado." }, terms)?.text).toBe(
      "Carpeta guardado.",
    );
  });

  it("refuses a changed word, or a number the target does not hold exactly once", () => {
    expect(
      repairFuzzyMatch(
        "You have 3 old messages.",
        { source: "You have 3 new messages.", target: "Tienes 3 mensajes nuevos." },
        terms,
      ),
    ).toBeNull();
    expect(repairFuzzyMatch("Page 2 of 2", { source: "Page 1 of 1", target: "Página 1 de 1" }, terms)).toBeNull();
    expect(repairFuzzyMatch("Wait 5 s", { source: "Wait 3 s", target: "Espera 13 s" }, terms)).toBeNull();
  });
});

describe("brand-voice rules", () => {
  it("replaces forbidden terms that have a replacement and removes the others, naming them", () => {
    const forbidden = [{ term: "cheap", replacement: "affordable" }, { term: "basically" }];
    expect(removeForbiddenTerms("Cheap and basically cheap.", forbidden)).toEqual({
      text: "Affordable and affordable.",
      removed: ["basically"],
    });
    expect(removeForbiddenTerms("Cheaper prices", forbidden)).toEqual({ text: "Cheaper prices", removed: [] });
  });
});

describe("term agreement (Spanish)", () => {
  it("guesses gender and number from the term's first word", () => {
    expect(
      [
        "vivienda",
        "cuenta de usuario",
        "configuración",
        "problema",
        "datos",
        "incidencias",
        "panel de control",
        "crisis",
      ].map(guessSpanishForm),
    ).toEqual(["fs", "fs", "fs", "ms", "mp", "fp", "ms", "ms"]);
  });

  it("makes the determiner and one adjective before a term agree with it", () => {
    const terms = new Map([
      [0, "vivienda"],
      [1, "datos"],
    ]);
    expect(agreeWithTerms("El [[0]] es grande.", terms, "es")).toBe("La [[0]] es grande.");
    expect(agreeWithTerms("Dónde es el nuevo [[0]]?", terms, "es")).toBe("Dónde es la nueva [[0]]?");
    expect(agreeWithTerms("Comprobar el [[0]] y un [[1]].", terms, "es")).toBe("Comprobar la [[0]] y unos [[1]].");
    expect(agreeWithTerms("Veo [[0]].", terms, "es")).toBe("Veo [[0]].");
    expect(agreeWithTerms("Le [[0]] est grand.", terms, "fr")).toBe("Le [[0]] est grand.");
  });
});
