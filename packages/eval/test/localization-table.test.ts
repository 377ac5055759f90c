import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { loadLocalizationTerms } from "@tolk/domain/evaluation";
import { mo } from "gettext-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { domainPath } from "../eval/domain-path";
import { readCatalogs, serbianLatin, splitOf } from "../scripts/gettext-catalogs";
import { DEFAULT_OPTIONS, buildLocalizationTable, keepVerbForms } from "../scripts/localization-table";
import { targetAnalysers } from "../scripts/target-analyser";

// The builder of the built-in localization tables (scripts/build-localization-terms.ts) and the
// tables it wrote into packages/domain/localization-terms; how the product uses them is tested in
// packages/domain (test/localization-terms.test.ts).

describe("the split of the catalogs", () => {
  it("is by the first hex digit of sha256(text domain): 0-b train, c-f test", () => {
    // sha256("coreutils") = 3993…, sha256("gtk20") = d49d…
    expect(splitOf("coreutils")).toBe("train");
    expect(splitOf("gtk20")).toBe("test");
  });
});

/** A .mo file with these messages, as msgfmt would write it. */
function moFile(messages: Record<string, string>): Buffer {
  const entries: Record<string, { msgid: string; msgstr: string[] }> = {
    "": { msgid: "", msgstr: ["Content-Type: text/plain; charset=UTF-8\n"] },
  };
  for (const [msgid, msgstr] of Object.entries(messages)) entries[msgid] = { msgid, msgstr: [msgstr] };
  return mo.compile({
    charset: "utf-8",
    headers: { "Content-Type": "text/plain; charset=UTF-8" },
    translations: { "": entries },
  });
}

describe("the table builder, on synthetic catalogs", () => {
  let dir = "";
  const names = (split: "train" | "test", n: number) =>
    Array.from({ length: 200 }, (_, i) => `domain${i}`)
      .filter((d) => splitOf(d) === split)
      .slice(0, n);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "tolk-mo-"));
    const folder = join(dir, "xx", "LC_MESSAGES");
    mkdirSync(folder, { recursive: true });
    const common = {
      "Cannot read the file": "No se puede leer el archivo",
      "Cannot write the file": "No se puede escribir el archivo",
      "The file is empty": "El archivo está vacío",
      "Delete the file": "Eliminar el archivo",
      "File name": "Nombre de archivo",
      "Save file": "Guardar archivo",
      "Copy file": "Copiar archivo",
    };
    const closes = ["Cerrar", "Cierra", "Cerrando"];
    names("train", 3).forEach((domain, i) => {
      writeFileSync(
        join(folder, `${domain}.mo`),
        moFile({ ...common, "_Open file…": "_Abrir archivo…", Close: closes[i] ?? "" }),
      );
    });
    // A test catalog: its (wrong) translation must not reach the table.
    for (const domain of names("test", 3))
      writeFileSync(join(folder, `${domain}.mo`), moFile({ "Open file": "Lima abierta", Print: "Imprimir" }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const table = () => buildLocalizationTable(readCatalogs("xx", "train", dir), { ...DEFAULT_OPTIONS, target: "es" });

  it("reads only the training catalogs", () => {
    expect(readCatalogs("xx", "train", dir)).toHaveLength(3);
    expect(readCatalogs("xx", "test", dir)).toHaveLength(3);
    expect(table().phrases.map(([source]) => source)).not.toContain("Print");
  });

  it("keeps the translation the catalogs agree on, accelerators and ellipses off", () => {
    const phrases = new Map(table().phrases);
    expect(phrases.get("Open file")).toBe("Abrir archivo");
    expect(phrases.get("Save file")).toBe("Guardar archivo");
  });

  it("drops a string the catalogs translate each their own way", () => {
    expect(new Map(table().phrases).has("Close")).toBe(false);
  });

  it("aligns a term over whole messages, with its target in context", () => {
    const terms = new Map(table().terms.map(([source, target]) => [source, target]));
    expect(terms.get("file")).toBe("archivo");
  });
});

describe("Serbian catalogs", () => {
  it("transliterates Serbian Cyrillic catalogs to the Latin script the engine writes", () => {
    expect(serbianLatin("Отвори датотеку")).toBe("Otvori datoteku");
  });
});

describe("verb forms in the tables, checked with the target's analyser", () => {
  const readings = new Map([
    ["abrir", ["abrir<vblex><inf>"]],
    ["elija", ["elegir<vblex><prs><p3><sg>", "elegir<vblex><imp><p3><sg>"]],
    ["memoria", ["memoria<n><f><sg>"]],
    ["cerrar", ["cerrar<vblex><inf>"]],
    ["imprime", ["imprimir<vblex><pri><p3><sg>"]],
    ["archivo", ["archivo<n><m><sg>", "archivar<vblex><pri><p1><sg>"]],
  ]);
  const table = {
    phrases: [["Open", "Abrir"]] as [string, string][],
    terms: [
      ["close", "cerrar", ""],
      ["print", "imprime", ""],
      ["file", "archivo", ""],
      ["could not open", "no se pudo abrir", ""],
    ] as [string, string, string][],
    commands: [
      ["open", "abrir"],
      ["choose", "elija"],
      ["memory", "memoria"],
    ] as [string, string][],
  };

  it("keeps infinitive commands, and makes a one-word verb term a command, not a term", () => {
    const kept = keepVerbForms(table, () => readings);
    expect(kept.commands).toEqual([
      ["close", "cerrar"],
      ["open", "abrir"],
    ]);
    expect(kept.terms.map(([source]) => source)).toEqual(["file", "could not open"]);
    expect(kept.phrases).toEqual(table.phrases);
  });

  it("has no commands without an analyser", () => {
    expect(keepVerbForms(table, () => null).commands).toEqual([]);
  });

  it.each(["es", "ca", "fr"])(
    "en-%s: every shipped command form is an infinitive and no one-word term is only a verb",
    async (target) => {
      const loaded = await loadLocalizationTerms("en", target);
      if (!loaded) throw new Error(`en-${target} table missing`);
      const file = JSON.parse(readFileSync(domainPath(`localization-terms/en-${target}.json`), "utf8")) as {
        terms: [string, string][];
        commands: [string, string][];
      };
      const words = [
        ...file.commands.map(([, form]) => form),
        ...file.terms.filter(([s]) => !s.includes(" ")).map(([, t]) => t),
      ];
      const analyses = (await targetAnalysers()).analyse(target, words) ?? new Map<string, string[]>();
      expect(file.commands.length).toBeGreaterThan(0);
      for (const [, form] of file.commands)
        expect(
          analyses.get(form)?.some((r) => r.includes("<inf>")),
          form,
        ).toBe(true);
      for (const [, t] of file.terms.filter(([s]) => !s.includes(" "))) {
        const r = analyses.get(t) ?? [];
        expect(r.length > 0 && r.every((x) => /<vb[a-z]*>/u.test(x)), t).toBe(false);
      }
    },
  );
});
