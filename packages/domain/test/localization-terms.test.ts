import {
  type ApertiumEngine,
  type Engine,
  EngineRouter,
  type TranslateRequest,
  countWords,
  createApertiumEngine,
  WAIT_UNTIL_LOADED_MS,
} from "@tolk/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { localizationApplies } from "../src/translation/localization-applies";
import { LOCALIZATION_DEFAULT_TARGETS, LOCALIZATION_TARGETS } from "../src/translation/localization-targets";
import { type LocalizationTerms, loadLocalizationTerms } from "../src/translation/localization-terms";
import { SegmentCache } from "../src/translation/segment-cache";
import { TermSet } from "../src/translation/term-matcher";
import { resolveRoute, translateSegments } from "../src/translation/translate-segments";
import { keepInitialCase, joinUiString, splitUiString } from "../src/translation/ui-strings";

// How the translation pipeline uses the built-in localization tables. The builder that writes
// them, and its checks of the tables, are in packages/eval (test/localization-table.test.ts).

describe("UI strings", () => {
  it.each([
    ["_Open", "Abrir", "_Abrir"],
    ["&File", "Archivo", "&Archivo"],
    ["Save _As…", "Guardar como", "_Guardar como…"],
    ["Save _As…", "Guardar archivo", "Guardar _archivo…"],
    ["Name:", "Nombre", "Nombre:"],
  ])("%s keeps its accelerator and closing marks", (source, translated, expected) => {
    expect(joinUiString(translated, splitUiString(source))).toBe(expected);
  });

  it("leaves snake_case and character references alone", () => {
    expect(splitUiString("pam_*_item and snake_case").marker).toBeNull();
    expect(splitUiString("Tom &amp; Jerry").marker).toBeNull();
  });

  it("keeps the case of the first letter", () => {
    expect(keepInitialCase("There are %d matches", "hay %d coincidencias")).toBe("Hay %d coincidencias");
    expect(keepInitialCase("unknown option", "Opción desconocida")).toBe("opción desconocida");
    expect(keepInitialCase("iPhone is ready", "iPhone está listo")).toBe("iPhone está listo");
  });
});

describe("when the tables apply", () => {
  it("by format, by the Technical domain, or as the request says", () => {
    expect(localizationApplies({ sourceLang: "en", format: "po" }).targets("es")).toBe(true);
    expect(localizationApplies({ sourceLang: "en", format: "docx" }).targets("es")).toBe(false);
    expect(
      localizationApplies({
        sourceLang: "en",
        texts: ["Run the migration script, then restart the server and clear the cache."],
      }).targets("es"),
    ).toBe(true);
    expect(
      localizationApplies({
        sourceLang: "en",
        texts: ["The garden was full of roses and the children played until dusk."],
      }).targets("es"),
    ).toBe(false);
    expect(localizationApplies({ flag: false, sourceLang: "en", format: "po" }).targets("es")).toBe(false);
    expect(localizationApplies({ sourceLang: "de", format: "po" }).targets("es")).toBe(false);
  });

  it("by default only for the pairs whose table passes the bar; any pair on request", () => {
    for (const target of LOCALIZATION_TARGETS) {
      expect(localizationApplies({ sourceLang: "en", format: "po" }).targets(target)).toBe(
        (LOCALIZATION_DEFAULT_TARGETS as readonly string[]).includes(target),
      );
      expect(localizationApplies({ flag: true, sourceLang: "en" }).targets(target)).toBe(true);
    }
    expect(LOCALIZATION_DEFAULT_TARGETS).not.toContain("an");
  });
});

describe("the built-in en→es terms, with the real Apertium", () => {
  let apertium: ApertiumEngine;
  let table: LocalizationTerms;
  beforeAll(async () => {
    apertium = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
    const loaded = await loadLocalizationTerms("en", "es");
    if (!loaded) throw new Error("en-es table missing");
    table = loaded;
  });
  afterAll(() => apertium.close());

  const translate = async (segments: string[], terms?: TermSet) => {
    const services = { router: new EngineRouter([apertium]), cache: new SegmentCache({ maxEntries: 0 }) };
    return translateSegments(services, {
      route: resolveRoute(services, "en", "es"),
      segments,
      resources: { localization: table, terms },
    });
  };

  it("translates software words in their software sense", async () => {
    const { texts, termsApplied } = await translate(["Open file", "files", "Could not open the file."]);
    expect(texts[0]).toBe("Abrir archivo");
    expect(texts[1]).toBe("archivos");
    expect(texts[2]).toContain("archivo");
    expect(texts[2]).not.toContain("lima");
    expect(termsApplied[1]).toEqual([{ source: "files", target: "archivos", origin: "localization" }]);
  });

  it("leaves the words around a term as the engine wrote them (its own correct output is not re-inflected)", async () => {
    // A term after a noun: the agreement of determiners must not read the noun as an adjective.
    const { texts } = await translate(["The camera is used to scan documents.", "The camera stores the files."]);
    expect(texts[0]).toMatch(/cámara/u);
    expect(texts[1]).toMatch(/cámara/u);
    expect(texts.join(" ")).not.toMatch(/cámaro/u);
  });

  it("keeps names, the initial capital, accelerators and ellipses", async () => {
    const { texts } = await translate([
      "Export to Word 2003",
      "Install it from the App Store",
      "There are %(counter)s matches",
      "_Open",
      "Open menu…",
      "You can open the report in Word or export it to Excel.",
      "The backup runs on Monday.",
    ]);
    expect(texts[0]).toContain("Word 2003");
    expect(texts[1]).toContain("App Store");
    expect(texts[2]).toMatch(/^Hay %\(counter\)s /u);
    expect(texts[3]).toBe("_Abrir");
    expect(texts[4]).toMatch(/^Abrir .*…$/u);
    // A lone product name after a preposition stays a name.
    expect(texts[5]).toContain("Word");
    expect(texts[5]).toContain("Excel");
    expect(texts[5]).not.toMatch(/Palabra/u);
    // A day is not a product.
    expect(texts[6]).toMatch(/lunes/u);
  });

  it("lets an organization's glossary win", async () => {
    const glossary = new TermSet([{ source: "file", target: "fichero", origin: "g1" }]);
    const { texts, termsApplied } = await translate(["Open file"], glossary);
    expect(texts[0]).toContain("fichero");
    expect(termsApplied[0]).toContainEqual({ source: "file", target: "fichero", origin: "g1" });
  });

  it("gives an LLM the built-in terms in its context", async () => {
    const seen: TranslateRequest[] = [];
    const llm: Engine = {
      name: "llm:test",
      pairs: () => [{ source: "en", target: "es" }],
      translate: async (request) => {
        seen.push(request);
        return request.segments.map((text) => ({ text, words: countWords(text), unknownWords: 0 }));
      },
      health: async () => ({ ok: true }),
      close: async () => undefined,
    };
    const services = { router: new EngineRouter([llm]), cache: new SegmentCache({ maxEntries: 0 }) };
    await translateSegments(services, {
      route: resolveRoute(services, "en", "es"),
      segments: ["Could not read the files in this folder."],
      resources: { localization: table },
    });
    expect(seen[0]?.context?.glossary).toContainEqual({ source: "files", target: "archivos" });
  });
});

describe("command forms into Catalan and French, with the real Apertium", () => {
  let apertium: ApertiumEngine;
  beforeAll(async () => {
    apertium = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
  });
  afterAll(() => apertium.close());

  const translate = async (target: string, segments: string[]) => {
    const services = { router: new EngineRouter([apertium]), cache: new SegmentCache({ maxEntries: 0 }) };
    const table = await loadLocalizationTerms("en", target);
    if (!table) throw new Error(`en-${target} table missing`);
    return translateSegments(services, {
      route: resolveRoute(services, "en", target),
      segments,
      resources: { localization: table },
    });
  };

  it("Catalan: the infinitive first, its object after it", async () => {
    const { texts, termsApplied } = await translate("ca", ["Open file", "Close window", "_Open"]);
    expect(texts[0]).toBe("Obrir fitxer");
    expect(texts[1]).toBe("Tancar finestra");
    expect(texts[2]).toBe("_Obrir");
    expect(termsApplied[0]).toContainEqual({ source: "Open", target: "obrir", origin: "localization" });
  });

  it("French (through Spanish): the infinitive first, never a participle or a verb after its object", async () => {
    const { texts } = await translate("fr", ["Open file", "Close window", "&Close"]);
    expect(texts[0]).toMatch(/^Ouvrir /u);
    // The term's rendering alone, through the pivot, is the one the sentence has (`lime`, not the city).
    expect(texts[0]).toContain("fichier");
    expect(texts[1]).toBe("Fermer fenêtre");
    expect(texts[2]).toBe("&Fermer");
    expect(texts[0]).not.toMatch(/\bpu\b/iu);
  });

  it("a one-word verb term is not put in a noun's place", async () => {
    const { texts } = await translate("ca", ["Print document", "Export to Word 2003"]);
    expect(texts.join(" ")).not.toMatch(/de imprimeix|Exporta a/u);
    expect(texts[1]).toContain("Word 2003");
  });
});
