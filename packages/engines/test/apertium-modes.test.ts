import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { discoverModes, parseModeCommand, toIso639_1 } from "../src/apertium/modes";

describe("Apertium codes", () => {
  it("maps Apertium's 3-letter codes to ISO 639-1 and keeps valid 2-letter ones", () => {
    const table = { eng: "en", spa: "es", cat: "ca", fra: "fr", por: "pt", ita: "it", glg: "gl", oci: "oc" };
    for (const [code, iso] of Object.entries(table)) expect(toIso639_1(code)).toBe(iso);
    const more = { ron: "ro", epo: "eo", eus: "eu", isl: "is", nno: "nn", nob: "nb", dan: "da", swe: "sv" };
    for (const [code, iso] of Object.entries(more)) expect(toIso639_1(code)).toBe(iso);
    expect(toIso639_1("bre")).toBe("br");
    expect(toIso639_1("arg")).toBe("an");
    expect(toIso639_1("es")).toBe("es");
    expect(toIso639_1("ast")).toBeNull(); // Asturian has no ISO 639-1 code
    expect(toIso639_1("xx")).toBeNull();
  });
});

describe("mode command lines", () => {
  it("splits programs, unquotes paths, adds -z and keeps unknown-word marks", () => {
    const line =
      "lt-proc '/d/en-es.automorf.bin' | apertium-tagger -g $2 '/d/en-es.prob' | cg-proc -n -1 '/d/x.rlx.bin' | lt-proc $1 -b '/d/en-es.autogen.bin'\n";
    expect(parseModeCommand(line)).toEqual([
      ["lt-proc", "-z", "/d/en-es.automorf.bin"],
      ["apertium-tagger", "-z", "-g", "/d/en-es.prob"],
      ["cg-proc", "-z", "-n", "-1", "/d/x.rlx.bin"],
      ["lt-proc", "-z", "-g", "-b", "/d/en-es.autogen.bin"],
    ]);
  });

  it("leaves programs without null flush alone and refuses shell syntax it does not interpret", () => {
    expect(parseModeCommand("vislcg3 -g '/d/x.cg3' | lt-proc '/d/y.bin'")).toEqual([
      ["vislcg3", "-g", "/d/x.cg3"],
      ["lt-proc", "-z", "/d/y.bin"],
    ]);
    expect(parseModeCommand("lt-proc /d/x.bin > /tmp/out")).toBeNull();
    expect(parseModeCommand("lt-proc $HOME/x.bin")).toBeNull();
    expect(parseModeCommand("   ")).toBeNull();
  });
});

describe("mode discovery", () => {
  let dir: string;
  let data: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "tolk-modes-"));
    data = path.join(dir, "data.bin");
    await writeFile(data, "");
    const ok = `lt-proc '${data}' | lt-proc $1 '${data}'\n`;
    const names = [
      // real translation modes
      "eng-spa",
      "spa-eng",
      "en-es",
      "es-en",
      "en-gl",
      "cat-por",
      "nob-nno",
      "ast-spa",
      "br-fr",
      "fra-oci",
      // Serbo-Croatian: one analyser for three languages, one generator per standard; Malay as zlm
      "hbs-eng",
      "eng-hbs",
      "eng-hbs_SR",
      "eng-hbs_HR",
      "eng-hbs_BS",
      "ind-zlm",
      // variants, debug and auxiliary modes: all left out
      "cat-por_BR",
      "eng-cat_valencia",
      "fra-oci_gascon",
      "oc_aran-ca",
      "ca-oc_aran",
      "nno-nno_e",
      "nno_e-nno",
      "nob-nno_e-syndis",
      "en-eo-bytecode",
      "ca-eo-translit",
      "gl-pt-latin1",
      "eo-en-j",
      "fra-cat_pre2017",
      "eco-es-fr",
      "eng-morph",
      "eng-tagger",
      "en-es-anmor",
      "spa-gener",
      "es-eo-no_cg",
      "eng-spa-debug",
    ];
    for (const name of names) await writeFile(path.join(dir, `${name}.mode`), ok);
    await writeFile(path.join(dir, "es-pt.mode"), "lt-proc '/nonexistent/es-pt.automorf.bin'\n");
    await writeFile(path.join(dir, "README"), "not a mode\n");
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps real xxx-yyy translation modes as ISO pairs and drops the rest", async () => {
    const { modes, skipped } = await discoverModes(dir);
    const served = Object.fromEntries(modes.map((m) => [`${m.pair.source}-${m.pair.target}`, m.name]));
    expect(served).toEqual({
      "br-fr": "br-fr",
      "ca-pt": "cat-por",
      "en-es": "eng-spa", // the 3-letter mode wins over en-es, whatever the listing order
      "en-gl": "en-gl",
      "es-en": "spa-eng",
      "fr-oc": "fra-oci",
      "nb-nn": "nob-nno",
      "no-nn": "nob-nno", // Norwegian is served by Bokmål
      "sr-en": "hbs-eng",
      "hr-en": "hbs-eng",
      "bs-en": "hbs-eng",
      "en-sr": "eng-hbs_SR",
      "en-hr": "eng-hbs_HR",
      "en-bs": "eng-hbs_BS",
      "id-ms": "ind-zlm",
    });
    expect(skipped).toEqual(
      expect.arrayContaining([
        { name: "ast-spa", reason: "no distinct ISO 639-1 codes" },
        { name: "eng-hbs", reason: "no distinct ISO 639-1 codes" },
        { name: "en-es", reason: "same pair as eng-spa" },
        { name: "es-en", reason: "same pair as spa-eng" },
        { name: "es-pt", reason: "missing /nonexistent/es-pt.automorf.bin" },
      ]),
    );
    expect(modes.find((m) => m.name === "eng-spa")?.stages).toEqual([
      ["lt-proc", "-z", data],
      ["lt-proc", "-z", "-g", data],
    ]);
  });

  it("finds nothing, without throwing, in a missing directory", async () => {
    expect(await discoverModes(path.join(dir, "nope"))).toEqual({ modes: [], skipped: [] });
  });

  it("discovers the installed pairs, including the ones the service relies on", async () => {
    const { modes } = await discoverModes();
    const pairs = modes.map((m) => `${m.pair.source}-${m.pair.target}`);
    for (const pair of [
      "en-es",
      "es-en",
      "en-ca",
      "ca-en",
      "es-pt",
      "pt-es",
      "fr-es",
      "es-fr",
      "es-it",
      "it-es",
      "es-gl",
      "gl-es",
    ]) {
      expect(pairs).toContain(pair);
    }
    expect(pairs.every((p) => /^[a-z]{2}-[a-z]{2}$/.test(p))).toBe(true);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
