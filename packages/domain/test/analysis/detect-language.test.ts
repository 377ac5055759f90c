import { execFileSync } from "node:child_process";
import { join } from "node:path";

import { eld } from "eld/large";
import { describe, expect, it, vi } from "vitest";

import { AUTO, detectLanguage } from "../../src/analysis/detect-language";

describe("detectLanguage", () => {
  it.each([
    ["en", "The committee will publish its final report on the new railway line next spring."],
    ["es", "El comité publicará su informe final sobre la nueva línea de ferrocarril la próxima primavera."],
    ["fr", "Le comité publiera son rapport final sur la nouvelle ligne de chemin de fer au printemps prochain."],
    ["de", "Der Ausschuss wird seinen Abschlussbericht über die neue Bahnstrecke im nächsten Frühjahr veröffentlichen."],
    ["pt", "O comitê publicará o seu relatório final sobre a nova linha ferroviária na próxima primavera."],
    ["it", "Il comitato pubblicherà la sua relazione finale sulla nuova linea ferroviaria la prossima primavera."],
    ["ru", "Комитет опубликует свой окончательный доклад о новой железнодорожной линии следующей весной."],
    ["ja", "委員会は新しい鉄道路線に関する最終報告書を来年の春に発表する予定です。"],
    ["zh", "委员会将于明年春天发布关于新铁路线的最终报告。"],
  ])("names %s", async (code, text) => {
    const result = await detectLanguage(text);
    expect(result.language).toBe(code);
    expect(result.confidence).toBeGreaterThan(0.1);
  });

  it("answers auto for texts too short to tell, and says why", async () => {
    for (const text of ["OK", "Hello", "Hello world", "12:30", "{name}", "<b></b>", "   "]) {
      expect(await detectLanguage(text)).toMatchObject({ language: AUTO, reason: "too_short" });
    }
  });

  it("answers auto when no language fits: a jumble of greetings, or a script of no supported language", async () => {
    expect(await detectLanguage("Bonjour hello hola ciao hallo")).toMatchObject({ language: AUTO, reason: "unknown" });
    expect(await detectLanguage("asdf qwer zxcv uiop hjkl")).toMatchObject({ language: AUTO });
  });

  it("reports the dominant language of a mixed text", async () => {
    const english =
      "Our engineers reviewed every report from the field last week. The new firmware fixes the battery drain and the " +
      "connection drops that several customers described. We will roll it out to all devices over the next ten days. ";
    expect((await detectLanguage(`${english}Merci beaucoup et à bientôt.`)).language).toBe("en");
    expect((await detectLanguage(`Merci beaucoup pour votre message, nous revenons vers vous très vite. ${"OK. "}`)).language).toBe("fr");
  });

  it("ignores markup, placeholders, URLs and numbers", async () => {
    const text = '<p class="note">Hola {name}, tu pedido #12345 ha sido enviado. Consulta https://example.com/track?id=1 para seguirlo.</p>';
    expect((await detectLanguage(text)).language).toBe("es");
  });

  it("tells Indonesian from Malay inside the model's Malay class", async () => {
    expect((await detectLanguage("Silakan coba lagi nanti karena server sedang sibuk dan tidak bisa menerima permintaan.")).language).toBe("id");
    expect((await detectLanguage("Sila cuba lagi kemudian kerana pelayan sedang sibuk dan tidak boleh menerima permintaan.")).language).toBe("ms");
  });

  it("reads a long text from evenly spaced samples, with the same answer", async () => {
    const paragraph = "Die Anlage wird jedes Jahr im Herbst gewartet, damit sie im Winter zuverlässig läuft. ";
    const long = paragraph.repeat(2_000); // ~170,000 characters
    const detect = vi.spyOn(eld, "detect");
    try {
      expect((await detectLanguage(long)).language).toBe("de");
      // The library reads a bounded sample, not the whole text.
      expect(detect).toHaveBeenCalledTimes(1);
      const read = String(detect.mock.calls[0]?.[0] ?? "");
      expect(read.length).toBeGreaterThan(1_000);
      expect(read.length).toBeLessThanOrEqual(3_000);
    } finally {
      detect.mockRestore();
    }
  });

  it("is deterministic", async () => {
    const text = "Un texte assez long pour être reconnu sans hésitation par le détecteur de langue.";
    expect(await detectLanguage(text)).toEqual(await detectLanguage(text));
  });

  it("loads its model on the first detection, not when the package is imported", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "language-model-heap.ts")], {
      cwd: join(import.meta.dirname, "..", ".."),
      encoding: "utf8",
    });
    const heap = JSON.parse(out) as { imported: number; detected: number; language: string };
    expect(heap.language).toBe("en");
    // ELD's large model is ~140 MB of heap: a server that never detects does not carry it.
    expect(heap.detected - heap.imported).toBeGreaterThan(100e6);
  }, 60_000);
});
