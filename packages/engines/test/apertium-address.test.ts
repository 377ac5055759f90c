import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApertiumEngine, EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS, discoverModes } from "../src";
import { findAddressTools } from "../src/apertium/address";

// Real Apertium: the pairs into es and ca from English, and the pivot legs into pt, fr and it.
const sentences = readFileSync(path.join(import.meta.dirname, "fixtures/address-sentences-en.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");

/** Words that only the informal singular address uses, and words only the formal or plural one uses. */
const MARKERS: Record<string, { informal: RegExp; formal: RegExp }> = {
  es: {
    informal: /(?<!\p{L})(tú|te|ti|contigo|tu|tus|tuy[oa]s?)(?!\p{L})/iu,
    formal: /(?<!\p{L})(usted|vuestr[oa]s?)(?!\p{L})/iu,
  },
  ca: {
    informal: /(?<!\p{L})(tu|et|t'|te|teu|teva|teus|teves)(?!\p{L})|-te(?!\p{L})|'t(?!\p{L})/iu,
    formal: /(?<!\p{L})(vostè|vostr[ea]s?)(?!\p{L})/iu,
  },
  pt: {
    informal: /(?<!\p{L})(tu|te|ti|contigo|teu|tua|teus|tuas)(?!\p{L})|-te(?!\p{L})/iu,
    formal: /(?<!\p{L})(você|voss[oa]s?)(?!\p{L})/iu,
  },
  fr: {
    informal: /(?<!\p{L})(tu|te|t'|toi|ton|ta|tes)(?!\p{L})|-toi(?!\p{L})/iu,
    formal: /(?<!\p{L})(votre|vos)(?!\p{L})/iu,
  },
  it: {
    informal: /(?<!\p{L})(tu|ti|te|tuo|tua|tuoi|tue)(?!\p{L})|(?<=[aei]r)ti(?!\p{L})/u,
    formal: /(?<!\p{L})(Lei|vostr[oaie])(?!\p{L})/u,
  },
};

/**
 * Per text, whether the target language's analyser reads a word in it only as a 2nd-person
 * singular verb (tienes, hai, tu as): an informal verb left in a formal text.
 */
async function informalVerbs(lang: string, texts: readonly string[]): Promise<boolean[]> {
  const analyser = findAddressTools((await discoverModes()).modes).get(lang)?.analyser ?? "";
  const out = execFileSync("lt-proc", ["-z", "-w", analyser], {
    input: texts.map((t) => `${t.replace(/[\\^$[\]/<>@*#{}+~]/g, "\\$&")}\n\0`).join(""),
  }).toString();
  return out
    .split("\0")
    .slice(0, texts.length)
    .map((stream) =>
      [...stream.matchAll(/\^[^/$]*((?:\/[^/$]*)*)\$/g)].some((m) => {
        const readings = (m[1] ?? "").split("/").filter(Boolean);
        const verbs = readings.filter((r) => /^[^<+]*<(vblex|vbmod|vbser|vbhaver)>/.test(r));
        return verbs.length > 0 && verbs.length === readings.length && verbs.every((r) => /<p2><sg>/.test(r));
      }),
    );
}

/** Engine-like sentences and what they become, by language and address. */
const EXACT: Record<string, [string, string][]> = {
  "es formal": [
    // A reflexive clitic follows its verb; a comitative is written as two words.
    ["Si te registras, puedes hablar contigo.", "Si usted se registra, puede hablar con usted."],
    ["Contáctanos.", "Contáctenos."],
    // The subject goes before negation and clitics; a coordinated imperative is one too.
    ["No tienes acceso.", "Usted no tiene acceso."],
    ["Abre el menú y elige tu idioma.", "Abra el menú y elija su idioma."],
  ],
  "ca formal": [
    ["Has d'acceptar els termes.", "Vostè ha d'acceptar els termes."],
    ["També ens pots trucar.", "Vostè també ens pot trucar."],
    ["Has assolit el límit del vostre pla.", "Vostè ha assolit el límit del seu pla."],
  ],
  "pt formal": [
    ["Tens um carro?", "Você tem um carro?"],
    ["Podes mudar a vossa senha.", "Você pode mudar a sua senha."],
    ["Enviar-te-emos um e-mail.", "Enviar-lhe-emos um e-mail."],
  ],
  "pt informal": [["Podes mudar a vossa senha.", "Podes mudar a tua senha."]],
  "fr formal": [
    ["Tu as une voiture?", "Vous avez une voiture?"],
    ["Tu peux changer ton mot de passe.", "Vous pouvez changer votre mot de passe."],
    ["Nous t'enverrons un e-mail.", "Nous vous enverrons un e-mail."],
    ["Contacte-nous.", "Contactez-nous."],
  ],
  "fr informal": [
    ["Tu peux changer votre mot de passe et votre clé.", "Tu peux changer ton mot de passe et ta clé."],
    ["Ouvre vos fichiers.", "Ouvre tes fichiers."],
  ],
  "it formal": [
    ["Hai una macchina?", "Lei ha una macchina?"],
    ["Puoi cambiare la vostra password.", "Lei può cambiare la sua password."],
    ["Ti invieremo un'e-mail.", "Le invieremo un'e-mail."],
  ],
  "it informal": [["Puoi cambiare la vostra password.", "Puoi cambiare la tua password."]],
};

describe("Apertium: formal and informal address", () => {
  let engine: ApertiumEngine;
  let router: EngineRouter;

  beforeAll(async () => {
    engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
    router = new EngineRouter([engine]);
  });

  afterAll(async () => {
    await engine.close();
  });

  /** English through the route Tolk takes into `target` (a pivot for pt, fr, it). */
  async function translate(target: string, texts: readonly string[]): Promise<string[]> {
    const route = router.route("en", target);
    if (!route) throw new Error(`no route en-${target}`);
    let current = [...texts];
    for (const leg of route.legs)
      current = (await leg.engine.translate({ pair: leg.pair, segments: current })).map((r) => r.text);
    return current;
  }

  it("sets the address in the languages it has rules and dictionaries for", () => {
    expect([...engine.addressLanguages()].sort()).toEqual(["ca", "es", "fr", "it", "pt"]);
  });

  it("writes the formal and the informal address of English translated into es and ca", async () => {
    const es = await translate("es", [
      "Do you have a car?",
      "You can change your password.",
      "We will send you an email.",
    ]);
    expect(es).toEqual(["Tienes un coche?", "Puedes cambiar vuestra contraseña.", "Te enviaremos un email."]);
    expect(await engine.setAddress("es", es, "formal")).toEqual([
      "Tiene usted un coche?",
      "Usted puede cambiar su contraseña.",
      "Le enviaremos un email.",
    ]);
    expect(await engine.setAddress("es", es, "informal")).toEqual([
      "Tienes un coche?",
      "Puedes cambiar tu contraseña.",
      "Te enviaremos un email.",
    ]);
    // A reflexive clitic follows its verb; a comitative is written as two words.
    const ca = await translate("ca", ["You can change your password.", "If you need help, contact us."]);
    expect(await engine.setAddress("ca", ca, "formal")).toEqual([
      "Vostè pot canviar la seva contrasenya.",
      "Si vostè necessita ajut, contacti'ns.",
    ]);
    expect(await engine.setAddress("ca", ca, "informal")).toEqual([
      "Pots canviar la teva contrasenya.",
      "Si necessites ajut, contacta'ns.",
    ]);
  });

  it.each(Object.entries(EXACT))("writes %s exactly", async (key, cases) => {
    const [lang = "", address] = key.split(" ");
    const texts = cases.map(([input]) => input);
    expect(await engine.setAddress(lang, texts, address === "formal" ? "formal" : "informal")).toEqual(
      cases.map(([, expected]) => expected),
    );
  });

  it("leaves text without a second person, and text it cannot analyse exactly, as it is", async () => {
    const plain = ["El coche rojo es grande.", "Tengo tres perros", "  {name} <b>ha</b> 3 $ [x] / \\ ^ @ #  ", ""];
    expect(await engine.setAddress("es", plain, "formal")).toEqual(plain);
    expect(await engine.setAddress("es", plain, "informal")).toEqual(plain);
    expect(await engine.setAddress("de", ["Hast du ein Auto?"], "formal")).toEqual(["Hast du ein Auto?"]);
  });

  it("makes 100 real sentences with 'you' formal and informal in each language", { timeout: 120_000 }, async () => {
    const shares: Record<string, number> = {};
    const strictShares: Record<string, number> = {};
    const defaultVerbs: Record<string, number> = {};
    for (const [lang, markers] of Object.entries(MARKERS)) {
      const plain = await translate(lang, sentences);
      const formal = await engine.setAddress(lang, plain, "formal");
      const informal = await engine.setAddress(lang, plain, "informal");
      // As expected: the two differ, the formal one has no informal singular word left and the informal one no formal word.
      const right = plain.filter(
        (_, i) =>
          formal[i] !== informal[i] &&
          !markers.informal.test(formal[i] ?? "") &&
          !markers.formal.test(informal[i] ?? ""),
      );
      shares[lang] = right.length / plain.length;
      const verbsLeft = await informalVerbs(lang, formal);
      const strict = plain.filter((p, i) => right.includes(p) && !verbsLeft[i]).length;
      strictShares[lang] = strict / plain.length;
      defaultVerbs[lang] = (await informalVerbs(lang, plain)).filter(Boolean).length / plain.length;
      const wrong = plain.flatMap((p, i) => (right.includes(p) ? [] : [`${p} | F: ${formal[i]} | I: ${informal[i]}`]));
      console.log(
        `[address] ${lang}: ${right.length}/${plain.length}; not as expected, first 5:\n  ${wrong.slice(0, 5).join("\n  ")}`,
      );
    }
    console.log(`[address] shares ${JSON.stringify(shares)}`);
    console.log(
      `[address] also no unambiguous 2nd-singular verb left in the formal one: ${JSON.stringify(strictShares)}`,
    );
    console.log(`[address] engine output with such a verb: ${JSON.stringify(defaultVerbs)}`);
    // The rest are sentences whose engine output has no second person left to set (Puede me ayudo?).
    const floors: Record<string, number> = { es: 0.95, ca: 0.9, pt: 0.95, fr: 0.94, it: 0.94 };
    for (const [lang, floor] of Object.entries(floors)) {
      expect(shares[lang], lang).toBeGreaterThanOrEqual(floor);
      expect(strictShares[lang], lang).toBeGreaterThanOrEqual(floor);
    }
  });
});
