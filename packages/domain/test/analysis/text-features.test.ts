import { describe, expect, it } from "vitest";

import { extractFeatures } from "../../src/analysis/text-features";
import { matchTokens, splitSentences } from "../../src/analysis/text-units";

describe("text units", () => {
  it("splits sentences at terminal punctuation and line breaks, not at decimals", () => {
    expect(splitSentences("Revenue rose to 4.2 billion. Margins improved!\nNext line")).toHaveLength(3);
    expect(splitSentences("会議は明日です。資料を送ります。")).toHaveLength(2);
  });

  it("folds case and accents and splits Romance elisions for lexicon matching", () => {
    expect(matchTokens("N'hésitez pas à l'été, DON'T worry")).toEqual([
      "n",
      "hesitez",
      "pas",
      "a",
      "l",
      "ete",
      "don't",
      "worry",
    ]);
    expect(matchTokens("Schließen")).toEqual(["schliessen"]);
  });
});

describe("extractFeatures", () => {
  it("counts what must survive translation: acronyms, measures, currency, placeholders, markup, links", () => {
    const f = extractFeatures(
      "Hello {name}, the <b>NASA</b> and ESA teams measured 20 mg and 15% at €40. See https://example.com or %s.",
      "en",
    );
    expect(f.placeholders).toBe(2);
    expect(f.markup).toBe(2);
    expect(f.acronyms).toBe(2);
    expect(f.measures).toBe(3);
    expect(f.currency).toBe(1);
    expect(f.links).toBe(1);
  });

  it("does not read a shouted sentence as acronyms", () => {
    expect(extractFeatures("PLEASE READ THIS NOTICE BEFORE YOU OPEN THE BOX", "en").acronyms).toBe(0);
  });

  it("tells familiar from polite address (T–V)", () => {
    expect(extractFeatures("Tu peux venir quand tu veux, je t'attends.", "fr")).toMatchObject({
      tPronouns: 3,
      vPronouns: 0,
    });
    expect(extractFeatures("Vous pouvez consulter votre compte.", "fr")).toMatchObject({ tPronouns: 0, vPronouns: 2 });
    // German: "Sie" capitalised inside a sentence is polite address; "sie" is she/they.
    expect(extractFeatures("Bitte prüfen Sie Ihre Angaben. Sie kommt morgen, sagt sie.", "de")).toMatchObject({
      vPronouns: 2,
      tPronouns: 0,
    });
    expect(extractFeatures("Kannst du mir helfen? Dein Bruder weiß es.", "de").tPronouns).toBe(2);
  });

  it("counts contractions, imperatives, questions, exclamations and emoji", () => {
    const f = extractFeatures("Don't wait! Click the button and you'll see. Isn't it great?! 🎉", "en");
    expect(f.contractions).toBe(3);
    expect(f.imperatives).toBe(2); // "Don't wait!" and "Click the button…"; the question is not one
    expect(f.questions).toBe(1);
    expect(f.exclamations).toBe(2);
    expect(f.emoji).toBe(1);
  });

  it("finds idioms and culture-bound references", () => {
    const f = extractFeatures("It was a piece of cake, and we finished before Thanksgiving.", "en");
    expect(f.idioms).toBe(1);
    expect(f.cultureRefs).toBe(1);
  });

  it("finds domain terms inside German compounds", () => {
    const f = extractFeatures("Das Tagesgeldkonto bringt Zinsen.", "de");
    expect(f.domainTerms.Finance.length).toBeGreaterThanOrEqual(2);
  });

  it("measures sentence length and clause depth", () => {
    const simple = extractFeatures("The cat sleeps. The dog barks.", "en");
    const nested = extractFeatures(
      "Although the contract, which the parties signed after the meeting that was held in May, remains valid, the buyer, who had paid the deposit because the seller insisted, may withdraw if the goods, which were ordered when prices were low, arrive late.",
      "en",
    );
    expect(simple.meanSentenceWords).toBe(3);
    expect(nested.meanSentenceWords).toBeGreaterThan(30);
    expect(nested.clausesPerSentence).toBeGreaterThanOrEqual(5);
  });
});
