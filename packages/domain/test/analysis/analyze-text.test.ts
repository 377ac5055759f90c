import { analysisResult } from "@tolk/contract";
import { describe, expect, it } from "vitest";

import { analyzeText } from "../../src/analysis/analyze-text";
import { makeTitle } from "../../src/analysis/make-title";

const analyze = (text: string) => analyzeText({ text });

describe("analyzeText", () => {
  it("answers the spec's analysis shape", async () => {
    const r = await analyze("Click Save to keep your changes.");
    expect(analysisResult.parse(r)).toEqual(r);
  });

  it("is deterministic", async () => {
    const text = "Notre offre exclusive : -30 % sur toute la collection ! Profitez-en vite 🎉 https://shop.example/fr";
    expect(await analyze(text)).toEqual(await analyze(text));
  });

  it.each([
    ["Legal", "The Tenant shall indemnify the Landlord against all liabilities arising from any breach of this lease."],
    ["Medical", "Die empfohlene Dosierung beträgt 20 mg täglich; bei Niereninsuffizienz ist die Dosis zu reduzieren."],
    ["Marketing", "¡Descubre nuestra nueva colección y consigue un 20 % de descuento con envío gratis!"],
    ["Technical", "Per installare il server, esegui il comando npm install e configura la variabile {PORT}."],
    ["Finance", "O lucro líquido do trimestre subiu 8% e a receita atingiu R$ 2 bilhões, acima das previsões."],
    ["General", "We walked along the river and watched the sun go down behind the hills."],
  ])("classifies the domain %s from its terminology", async (domain, text) => {
    expect((await analyze(text)).domain).toBe(domain);
  });

  it.each([
    [
      "Formal",
      "Sehr geehrte Damen und Herren, hiermit teilen wir Ihnen mit, dass Ihr Antrag genehmigt wurde. Mit freundlichen Grüßen",
    ],
    [
      "Formal",
      "Le présent arrêté entre en vigueur le lendemain de sa publication. Le directeur général de la santé est chargé de l'exécution du présent arrêté, qui sera publié au Journal officiel de la République française.",
    ],
    ["Neutral", "The train to Leeds leaves from platform 4 at ten past nine."],
    ["Informal", "Hey guys, gonna be late tonight lol, save me a seat! 😅"],
    ["Informal", "Tío, ¿te vienes al cine esta noche? ¡Va a ser genial!"],
  ])("rates the formality %s", async (formality, text) => {
    expect((await analyze(text)).formality).toBe(formality);
  });

  it.each([
    [
      "Technical",
      "Lösche den Cache mit dem Befehl clear-cache und starte den Dienst danach neu, damit die Konfiguration neu eingelesen wird.",
    ],
    [
      "Medical",
      "Ce médicament peut provoquer des nausées et des maux de tête. Consultez votre médecin si les symptômes persistent plus de trois jours.",
    ],
    [
      "Legal",
      "El arrendatario deberá abonar la renta dentro de los cinco primeros días de cada mes, conforme a lo dispuesto en la cláusula tercera del presente contrato.",
    ],
    [
      "Finance",
      "Die Aktie fiel am Freitag um vier Prozent, nachdem der Konzern seine Gewinnprognose für das laufende Geschäftsjahr gesenkt hatte.",
    ],
  ])("names the domain %s of a paragraph in German, French or Spanish", async (domain, text) => {
    expect((await analyze(text)).domain).toBe(domain);
  });

  it("does not call documentation Informal for its contractions alone", async () => {
    const r = await analyze(
      "You'll find the settings file in your home folder. Don't edit it while the app's running: it's rewritten when the app quits.",
    );
    expect(r.formality).toBe("Neutral");
  });

  it("sends a short, plain sentence to the mini tier with Low risks", async () => {
    const r = await analyze("The meeting starts at ten.");
    expect(r.model_tier).toBe("mini");
    expect(Object.values(r.risks)).toEqual(["Low", "Low", "Low", "Low", "Low"]);
  });

  it("raises the risks that idioms and culture-bound references carry, and routes such text to premium", async () => {
    const r = await analyze(
      "Honestly, landing this client was a piece of cake, but the ball is in your court now: hit the ground running before Thanksgiving!",
    );
    expect(r.risks.implicitMeaningLoad).toBe("High");
    expect(r.risks.crossCulturalRisk).toBe("High");
    expect(r.model_tier).toBe("premium");
    expect(r.tags).toEqual(expect.arrayContaining(["idioms", "culture-specific"]));
  });

  it("rates discourse complexity High for long sentences with nested clauses", async () => {
    const r = await analyze(
      "Although the contract, which the parties signed after the meeting that was held in May, remains valid, the buyer, who had paid the deposit because the seller insisted, may withdraw if the goods, which were ordered when prices were low, arrive late, unless the delay, which neither party could foresee, results from a strike that the carrier declared before the shipment left.",
    );
    expect(r.risks.discourseComplexity).toBe("High");
  });

  it("rates constraint saturation High for strings full of placeholders, markup and codes", async () => {
    const r = await analyze("Error {code}: <b>%s</b> failed on {host}:{port} (HTTP 503, TLS 1.3, 250 ms).");
    expect(r.risks.constraintSaturation).toBe("High");
    expect(r.tags).toEqual(expect.arrayContaining(["placeholders", "markup"]));
  });

  it("answers auto and a General, low-confidence analysis for a text too short to tell", async () => {
    const r = await analyze("OK");
    expect(r.detected_language).toBe("auto");
    expect(r.domain).toBe("General");
    expect(r.routing_confidence).toBeLessThan(0.9);
  });

  it("analyzes 100,000 characters", async () => {
    const text = "The supplier shall deliver the goods within 30 days of the order. ".repeat(1_500).slice(0, 100_000);
    expect((await analyze(text)).domain).toBe("Legal");
  });
});

describe("makeTitle", () => {
  it("uses a heading when there is one", async () => {
    expect(makeTitle("# Release notes\n\nThis version fixes bugs.")).toBe("Release notes");
    expect(makeTitle("<html><title>Pricing &amp; plans</title><body>…</body></html>")).toBe("Pricing plans");
  });

  it("otherwise takes the first sentence, cut at a word to 60 characters", async () => {
    expect(makeTitle("Welcome back! Here is your summary.")).toBe("Welcome back");
    const title = makeTitle(
      "The quarterly report covers revenue, margins, cash flow and the outlook for every region we serve.",
    );
    expect([...title].length).toBeLessThanOrEqual(61);
    expect(title.endsWith("…")).toBe(true);
    expect(title).toMatch(/^The quarterly report covers revenue, margins, cash flow and…$/);
  });

  it("never answers an empty title", async () => {
    expect(makeTitle("{name} 1234 <br/>")).toBe("Untitled text");
  });
});
