import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

import { type Engine, EngineRouter, type TranslateRequest } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import {
  type TranslationServices,
  SegmentCache,
  addMemoryUnits,
  createBrandVoice,
  createGlossary,
  createMemory,
  importMemory,
  translateBatch,
  translateText,
} from "../src";
import { ApertiumTestbed } from "./apertium-testbed";
import { rejection } from "./helpers";

// Glossaries, memories and brand voices in real translations: the real Apertium (en→es), behind
// a wrapper that counts what reaches the engine.
const bed = new ApertiumTestbed({ plan: "enterprise", requestPrefix: "req_res_" });
const { calls } = bed;

let svc: TranslationServices;
/** An en→de engine named `name` that answers "DE <segment>" and shows each request to `record`. */
function recordingEngine(name: string, record: (request: TranslateRequest) => void): TranslationServices {
  const engine: Engine = {
    name,
    pairs: () => [{ source: "en", target: "de" }],
    health: async () => ({ ok: true }),
    close: async () => {},
    translate: async (req) => {
      record(req);
      return req.segments.map((s) => ({ text: `DE ${s}`, unknownWords: null, words: 1 }));
    },
  };
  return { router: new EngineRouter([engine]), cache: new SegmentCache() };
}

const fresh = (): TranslationServices => ({
  router: new EngineRouter([bed.counting(bed.apertium)]),
  cache: new SegmentCache(),
});

const words = (text: string, term: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])`, "iu").test(text);

const NUMBER = /(?<![\p{L}\p{N}%$.])\d+(?![\p{L}\p{N}$])/u;

/**
 * English msgid → Spanish msgstr of a real gettext catalog: single-line, non-plural messages,
 * those with a number first (catalogs have few: they are the ones a number change can touch).
 */
function catalog(mo: string, max: number): { source: string; target: string }[] {
  const po = execFileSync("msgunfmt", ["--no-wrap", mo], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const out: { source: string; target: string }[] = [];
  const lines = po.split("\n");
  for (let i = 0; i + 1 < lines.length; i++) {
    const id = /^msgid "(.*)"$/u.exec(lines[i] ?? "");
    const str = /^msgstr "(.*)"$/u.exec(lines[i + 1] ?? "");
    if (!id?.[1] || !str?.[1]) continue;
    try {
      const source = JSON.parse(`"${id[1]}"`) as string;
      const target = JSON.parse(`"${str[1]}"`) as string;
      if (
        /[\n\t]/u.test(source) ||
        source.trim() !== source ||
        source.length < 8 ||
        source.length > 300 ||
        target.trim() === ""
      )
        continue;
      out.push({ source, target: target.trim() });
    } catch {
      // C escapes JSON does not know (\a, \v): not worth a test message.
    }
  }
  return [...out.filter((u) => NUMBER.test(u.source)), ...out.filter((u) => !NUMBER.test(u.source))].slice(0, max);
}

const xml = (s: string) => s.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;");
const tmxOf = (units: { source: string; target: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" o-tmf="po" adminlang="en" creationtool="test" creationtoolversion="1"/><body>\n` +
  units
    .map(
      (u) =>
        `<tu><tuv xml:lang="en-US"><seg>${xml(u.source)}</seg></tuv><tuv xml:lang="es"><seg>${xml(u.target)}</seg></tuv></tu>`,
    )
    .join("\n") +
  "\n</body></tmx>\n";

describe("translation memory", () => {
  const MO = "/usr/share/locale/es/LC_MESSAGES/gtk30.mo";

  it.runIf(existsSync(MO))("reuses a real catalog exactly (0 engine calls), then repairs changed numbers", async () => {
    const principal = await bed.principalFor();
    const units = catalog(MO, 400);
    expect(units.length).toBe(400);
    const memory = await createMemory(bed.ctx, {
      org: principal.org,
      request: { name: "dpkg", source_lang: "en", target_lang: "es" },
    });
    const imported = await importMemory(bed.ctx, {
      orgId: principal.org.id,
      memoryId: memory.id,
      format: "tmx",
      content: new TextEncoder().encode(tmxOf(units)),
    });
    const distinct = new Map(units.map((u) => [u.source, u.target]));
    expect(imported).toEqual({ imported: distinct.size, skipped: 0 });

    svc = fresh();
    calls.count = 0;
    const keys = [...distinct.keys()];
    const exact = await translateBatch(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        strings: Object.fromEntries(keys.map((s, i) => [`m${i}`, s])),
        source_lang: "en",
        target_langs: ["es"],
        tm_id: memory.id,
      },
    });
    expect(calls.count).toBe(0);
    keys.forEach((s, i) => expect(exact.translations.es?.[`m${i}`]).toBe(distinct.get(s)));
    expect(
      Object.values(exact.tm_match?.es ?? {})
        .flat()
        .every((m) => m.score === 100 && m.level === "exact"),
    ).toBe(true);
    expect(Object.keys(exact.tm_match?.es ?? {})).toHaveLength(keys.length);

    // One number changed where the message has one, else one word.
    const changed = keys.map((s) => {
      const number = NUMBER.exec(s);
      if (number)
        return {
          kind: "number",
          text: s.slice(0, number.index) + String(Number(number[0]) + 7) + s.slice(number.index + number[0].length),
        };
      const word = /\b[a-z]{5,}\b/u.exec(s);
      return {
        kind: "word",
        text: word ? s.slice(0, word.index) + "other" + s.slice(word.index + word[0].length) : `${s} again`,
      };
    });
    calls.count = 0;
    const fuzzy = await translateBatch(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        strings: Object.fromEntries(changed.map((c, i) => [`m${i}`, c.text])),
        source_lang: "en",
        target_langs: ["es"],
        tm_id: memory.id,
      },
    });
    const matches = fuzzy.tm_match?.es ?? {};
    const numbers = changed.filter((c) => c.kind === "number").length;
    const repaired = Object.entries(matches).filter(([, m]) => m[0]?.level === "fuzzy");
    const scores = repaired.map(([, m]) => m[0]?.score ?? 0);
    console.log(
      `[tm] catalog ${keys.length} msgids: exact reuse ${keys.length}/${keys.length}, engine calls 0. ` +
        `Changed (${numbers} numbers, ${keys.length - numbers} words): ${repaired.length} reused as fuzzy repairs, ` +
        `scores min ${Math.min(...scores)} / median ${scores.sort((a, b) => a - b)[Math.floor(scores.length / 2)]} / max ${Math.max(...scores)}; ` +
        `the other ${keys.length - repaired.length} went to the engine in ${calls.count} call(s).`,
    );
    expect(repaired.length).toBeGreaterThan(0);
    for (const [key, [m]] of repaired.map(([k, v]) => [k, v] as const)) {
      const i = Number(key.slice(1));
      expect(changed[i]?.kind).toBe("number");
      expect(m?.score).toBeGreaterThanOrEqual(75);
      // The new number is in the reused translation.
      const to = m?.repaired[0]?.to ?? "";
      expect(fuzzy.translations.es?.[key]).toContain(to);
    }
    // A changed word is never "repaired": those messages were translated by the engine.
    expect(calls.count).toBe(1);
  });

  it("sees a unit added after the memory was first used (the index follows the revision)", async () => {
    const principal = await bed.principalFor();
    const memory = await createMemory(bed.ctx, {
      org: principal.org,
      request: { name: "live", source_lang: "en", target_lang: "es" },
    });
    svc = fresh();
    const run = () =>
      translateText(bed.ctx, svc, {
        principal,
        requestId: bed.rid(),
        request: { text: "The house is big.", source_lang: "en", target_lang: "es", tm_id: memory.id },
      });
    expect((await run()).tm_match).toEqual([]);
    await addMemoryUnits(bed.ctx, {
      orgId: principal.org.id,
      memoryId: memory.id,
      request: { units: [{ source: "The house is big.", target: "La casa es enorme." }] },
    });
    const second = await run();
    expect(second.translation).toBe("La casa es enorme.");
    expect(second.tm_match?.[0]).toMatchObject({ score: 100, level: "exact" });
    expect(second.quality_score).toBe(100);
  });

  it("reports the unit and score per segment, and never reuses below 75", async () => {
    const principal = await bed.principalFor();
    const memory = await createMemory(bed.ctx, {
      org: principal.org,
      request: { name: "m", source_lang: "en", target_lang: "es" },
    });
    const added = await addMemoryUnits(bed.ctx, {
      orgId: principal.org.id,
      memoryId: memory.id,
      request: { units: [{ source: "You have 3 new messages.", target: "Tienes 3 mensajes nuevos." }] },
    });
    svc = fresh();
    calls.count = 0;
    calls.segments = 0;
    const result = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        text: "You have 3 new messages. You have 12 new messages. The house is big.",
        source_lang: "en",
        target_lang: "es",
        tm_id: memory.id,
      },
    });
    expect(result.translation).toBe("Tienes 3 mensajes nuevos. Tienes 12 mensajes nuevos. La casa es grande.");
    expect(result.tm_match).toEqual([
      { segment: 0, score: 100, unit_id: added.items[0]?.id, level: "exact", repaired: [] },
      { segment: 1, score: 92, unit_id: added.items[0]?.id, level: "fuzzy", repaired: [{ from: "3", to: "12" }] },
    ]);
    expect(calls.segments).toBe(1);
  });
});

// 50 terms whose Apertium rendering differs from the one the glossary asks for.
const TERMS: [string, string][] = [
  ["file", "archivo"],
  ["folder", "carpeta"],
  ["dashboard", "panel de control"],
  ["invoice", "factura"],
  ["user account", "cuenta de usuario"],
  ["password", "contraseña"],
  ["download", "descarga"],
  ["upload", "subida"],
  ["settings", "configuración"],
  ["checkout", "pago"],
  ["shopping cart", "carrito"],
  ["newsletter", "boletín"],
  ["subscription", "suscripción"],
  ["workspace", "espacio de trabajo"],
  ["template", "plantilla"],
  ["spreadsheet", "hoja de cálculo"],
  ["screenshot", "captura de pantalla"],
  ["login", "inicio de sesión"],
  ["feedback", "comentarios"],
  ["backup", "copia de seguridad"],
  ["deadline", "fecha límite"],
  ["refund", "reembolso"],
  ["receipt", "recibo"],
  ["warehouse", "almacén"],
  ["shipment", "envío"],
  ["customer", "cliente"],
  ["supplier", "proveedor"],
  ["dashboard widget", "widget del panel"],
  ["report", "informe"],
  ["schedule", "calendario"],
  ["meeting", "reunión"],
  ["invitation", "invitación"],
  ["notification", "notificación"],
  ["attachment", "adjunto"],
  ["signature", "firma"],
  ["contract", "contrato"],
  ["budget", "presupuesto"],
  ["quote", "presupuesto"],
  ["discount", "descuento"],
  ["coupon", "cupón"],
  ["wallet", "monedero"],
  ["balance", "saldo"],
  ["transfer", "transferencia"],
  ["statement", "extracto"],
  ["branch", "sucursal"],
  ["ticket", "incidencia"],
  ["release", "versión"],
  ["update", "actualización"],
  ["device", "dispositivo"],
  ["browser", "navegador"],
];
const TEMPLATES = [
  "The {t} is ready.",
  "Please check the {t} today.",
  "We sent the {t} to the team.",
  "Where is the new {t}?",
  "Your {t} was updated yesterday.",
  "I cannot find the {t}.",
  "The {t} and the price are correct.",
  "Open the {t} before noon.",
  "This {t} belongs to the company.",
  "Everybody likes the {t}.",
];

describe("glossaries", () => {
  it("renders 100% of 500 term occurrences as the glossary's target, inside translated sentences", async () => {
    const principal = await bed.principalFor();
    const glossary = await createGlossary(bed.ctx, {
      org: principal.org,
      request: {
        name: "business",
        source_lang: "en",
        target_lang: "es",
        entries: TERMS.map(([source, target]) => ({ source, target })),
      },
    });
    expect(glossary.entry_count).toBe(50);
    const sentences = TERMS.flatMap(([term]) => TEMPLATES.map((tpl) => tpl.replace("{t}", term)));
    expect(sentences).toHaveLength(500);
    svc = fresh();
    const result = await translateBatch(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        strings: Object.fromEntries(sentences.map((s, i) => [`s${i}`, s])),
        source_lang: "en",
        target_langs: ["es"],
        glossary_ids: [glossary.id],
      },
    });
    let rendered = 0;
    sentences.forEach((s, i) => {
      const out = result.translations.es?.[`s${i}`] ?? "";
      const [, target] = TERMS[Math.floor(i / TEMPLATES.length)] ?? ["", ""];
      if (out.includes(target)) rendered++;
      else console.log(`[glossary] missing '${target}': ${s} → ${out}`);
      // The sentence around the term is translated: no token left, no English frame words.
      expect(out).not.toMatch(/\[\[|\]\]| {2}/u);
      expect(out).not.toMatch(/\b(?:the|please|where|your|before)\b/iu);
    });
    expect(rendered).toBe(500);
    // The batch reads as Technical, so the built-in localization terms apply around the glossary's.
    const applied = result.glossary_terms_applied?.es ?? [];
    expect(applied.filter((a) => a.origin === glossary.id).reduce((n, a) => n + a.count, 0)).toBe(500);
    expect(applied.every((a) => a.origin === glossary.id || a.origin === "localization")).toBe(true);
    console.log(`[glossary] samples: ${[0, 41, 73, 456].map((i) => result.translations.es?.[`s${i}`]).join(" | ")}`);
  });

  it("lets the first listed glossary win, and refuses unknown, foreign or mismatched ids with 400 naming them", async () => {
    const principal = await bed.principalFor();
    const other = await bed.principalFor();
    const a = await createGlossary(bed.ctx, {
      org: principal.org,
      request: { name: "a", source_lang: "en", target_lang: "es", entries: [{ source: "file", target: "fichero" }] },
    });
    const b = await createGlossary(bed.ctx, {
      org: principal.org,
      request: { name: "b", source_lang: "en", target_lang: "es", entries: [{ source: "file", target: "archivo" }] },
    });
    const fr = await createGlossary(bed.ctx, {
      org: principal.org,
      request: { name: "fr", source_lang: "en", target_lang: "fr" },
    });
    const foreign = await createGlossary(bed.ctx, {
      org: other.org,
      request: { name: "x", source_lang: "en", target_lang: "es" },
    });
    svc = fresh();
    const run = (glossary_ids: string[]) =>
      translateText(bed.ctx, svc, {
        principal,
        requestId: bed.rid(),
        request: { text: "I see the file.", source_lang: "en", target_lang: "es", glossary_ids },
      });
    expect((await run([b.id, a.id])).translation).toBe("Veo el archivo.");
    expect((await run([a.id, b.id])).translation).toBe("Veo el fichero.");
    for (const [ids, text] of [
      [["gls_missing"], "gls_missing"],
      [[foreign.id], foreign.id],
      [[a.id, fr.id], fr.id],
    ] as const) {
      const err = await rejection(run([...ids]));
      expect(err).toMatchObject({ status: 400, code: "bad_request", extra: { param: "glossary_ids" } });
      expect(err.message).toContain(text);
    }
    const tm = await rejection(
      translateText(bed.ctx, svc, {
        principal,
        requestId: bed.rid(),
        request: { text: "Hi.", source_lang: "en", target_lang: "es", tm_id: "tm_nope" },
      }),
    );
    expect(tm).toMatchObject({ status: 400, extra: { param: "tm_id" } });
    const bv = await rejection(
      translateText(bed.ctx, svc, {
        principal,
        requestId: bed.rid(),
        request: { text: "Hi.", source_lang: "en", target_lang: "es", brand_voice_id: "bv_nope" },
      }),
    );
    expect(bv).toMatchObject({ status: 400, extra: { param: "brand_voice_id" } });
  });
});

describe("brand voices", () => {
  it("puts formality, tone and instructions in the prompt of an engine that takes instructions", async () => {
    const principal = await bed.principalFor();
    const seen: (string | undefined)[] = [];
    const llmServices = recordingEngine("llm", (req) => seen.push(req.instructions));
    const formal = await createBrandVoice(bed.ctx, {
      org: principal.org,
      request: { name: "F", formality: "Formal", tone: "warm", instructions: "Short sentences." },
    });
    const informal = await createBrandVoice(bed.ctx, {
      org: principal.org,
      request: { name: "I", formality: "Informal" },
    });
    const run = (brand_voice_id: string) =>
      translateText(bed.ctx, llmServices, {
        principal,
        requestId: bed.rid(),
        request: { text: "Thank you.", source_lang: "en", target_lang: "de", brand_voice_id },
      });
    expect((await run(formal.id)).brand_voice_applied).toMatchObject({
      formality: "Formal",
      tone: "warm",
      formality_applied_by: "prompt",
    });
    await run(informal.id);
    await run(formal.id); // cached: same text, same instructions
    expect(seen).toHaveLength(2);
    expect(seen[0]).toContain("Formality: formal");
    expect(seen[0]).toContain("Tone: warm.");
    expect(seen[0]).toContain("Short sentences.");
    expect(seen[1]).toContain("Formality: informal");
  });

  it("a request's own formality (DeepL's) applies as a brand voice's, over a named voice's, and reports no extension fields", async () => {
    const principal = await bed.principalFor();
    const seen: (string | undefined)[] = [];
    const llmServices = recordingEngine("llm", (req) => seen.push(req.instructions));
    const informal = await createBrandVoice(bed.ctx, {
      org: principal.org,
      request: { name: "I", formality: "Informal", tone: "warm" },
    });
    const request = { text: "Thank you for waiting.", source_lang: "en", target_lang: "de" };
    const alone = await translateText(bed.ctx, llmServices, {
      principal,
      requestId: bed.rid(),
      request,
      formality: "Formal",
    });
    expect(alone.brand_voice_applied).toBeUndefined();
    const over = await translateText(bed.ctx, llmServices, {
      principal,
      requestId: bed.rid(),
      request: { ...request, brand_voice_id: informal.id },
      formality: "Formal",
    });
    expect(over.brand_voice_applied).toMatchObject({ id: informal.id, formality: "Formal", tone: "warm" });
    await translateText(bed.ctx, llmServices, {
      principal,
      requestId: bed.rid(),
      request: { ...request, text: "Hello again." },
      formality: "Neutral",
    });
    expect(seen[0]).toContain("Formality: formal");
    expect(seen[1]).toContain("Formality: formal");
    expect(seen[1]).toContain("Tone: warm.");
    expect(seen[2]).toBeUndefined();
  });

  it("hands the formality to an engine with a switch for it (DeepL) as more or less, on the last leg only", async () => {
    const principal = await bed.principalFor();
    const seen: (string | undefined)[] = [];
    const services = recordingEngine("deepl", (req) => seen.push(req.formality));
    for (const formality of ["Formal", "Informal", "Neutral"] as const) {
      await translateText(bed.ctx, services, {
        principal,
        requestId: bed.rid(),
        request: { text: "Thank you.", source_lang: "en", target_lang: "de" },
        formality,
      });
    }
    expect(seen).toEqual(["more", "less", undefined]);
  });

  it("leaves 0 forbidden terms in 500 translated sentences, and says which it had to remove", async () => {
    const principal = await bed.principalFor();
    const voice = await createBrandVoice(bed.ctx, {
      org: principal.org,
      request: {
        name: "Support",
        formality: "Formal",
        tone: "friendly",
        // Apertium's renderings of "save", "file" and "your" (plural informal) for en→es.
        forbidden_terms: [
          { term: "salvar", replacement: "guardar" },
          { term: "lima", replacement: "archivo" },
          { term: "vuestras" },
          { term: "problema" },
        ],
      },
    });
    const frames = [
      "Save your file now.",
      "Did you save the file?",
      "Your files are safe.",
      "There is a problem with your file.",
      "We save every file twice.",
    ];
    const things = ["", " Thanks.", " Call us.", " It is late.", " We are here."];
    const sentences: string[] = [];
    for (let i = 0; sentences.length < 500; i++)
      sentences.push(`${frames[i % frames.length]}${things[Math.floor(i / 5) % things.length]} (${i})`);
    svc = fresh();
    const result = await translateBatch(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        strings: Object.fromEntries(sentences.map((s, i) => [`s${i}`, s])),
        source_lang: "en",
        target_langs: ["es"],
        brand_voice_id: voice.id,
      },
    });
    const outputs = Object.values(result.translations.es ?? {});
    expect(outputs).toHaveLength(500);
    const leaks = outputs.filter((o) => ["salvar", "lima", "vuestras", "problema"].some((f) => words(o, f)));
    expect(leaks).toEqual([]);
    expect(outputs.filter((o) => words(o, "guardar") || words(o, "archivo")).length).toBeGreaterThan(0);
    // "problema" has no replacement: removed, with a warning naming it.
    expect(result.warnings?.some((w) => w.includes("'problema'"))).toBe(true);
    expect(result.brand_voice_applied?.es).toMatchObject({
      id: voice.id,
      formality: "Formal",
      formality_applied_by: "post_edit",
    });
    // The voice's formality sets the address as the DeepL API's formality does (the engine's rewrite).
    expect(outputs.filter((o) => /(?<!\p{L})(su|sus|usted)(?!\p{L})/iu.test(o)).length).toBeGreaterThan(0);
    expect(outputs.filter((o) => /(?<!\p{L})(tu|tus|vuestr[oa]s?)(?!\p{L})/iu.test(o))).toEqual([]);
    console.log(`[brand voice] samples: ${outputs.slice(0, 4).join(" | ")}`);
  });

  it("keeps do-not-translate terms verbatim and enforces preferred terms", async () => {
    const principal = await bed.principalFor();
    const voice = await createBrandVoice(bed.ctx, {
      org: principal.org,
      request: {
        name: "Brand",
        do_not_translate: ["Tolk Cloud", "Open"],
        preferred_terms: [{ source: "house", target: "hogar" }],
      },
    });
    svc = fresh();
    const result = await translateText(bed.ctx, svc, {
      principal,
      requestId: bed.rid(),
      request: {
        text: "Tolk Cloud is open. The house is big.",
        source_lang: "en",
        target_lang: "es",
        brand_voice_id: voice.id,
      },
    });
    expect(result.translation).toContain("Tolk Cloud");
    expect(result.translation).toContain("hogar");
    expect(result.translation).not.toContain("Open"); // case-aware: "open" (lowercase) is not the name "Open"
    expect(result.glossary_terms_applied).toEqual([
      { source: "Tolk Cloud", target: "Tolk Cloud", origin: "do_not_translate", count: 1 },
      { source: "house", target: "hogar", origin: "brand_voice", count: 1 },
    ]);
    expect(result.brand_voice_applied).toMatchObject({
      id: voice.id,
      formality: "Neutral",
      formality_applied_by: "none",
    });
  });
});
