import { describe, expect, it } from "vitest";

import {
  type SerialisedWritten,
  deserialiseWritten,
  ngrams,
  serialiseWritten,
  writtenKey,
  writtenTokens,
} from "../src/translation/quality-written";
import { random } from "./translation-helpers";

describe("what translators write", () => {
  it("reads a text's words in order, lowercase, without punctuation or mnemonics, and their pairs and triples", () => {
    const tokens = writtenTokens("¡No se pudo _abrir «el archivo»! (2)");
    expect(tokens).toEqual(["no", "se", "pudo", "abrir", "el", "archivo"]);
    const grams = ngrams(tokens);
    expect(grams.pairs).toEqual(["no se", "se pudo", "pudo abrir", "abrir el", "el archivo"]);
    expect(grams.triples).toEqual(["no se pudo", "se pudo abrir", "pudo abrir el", "abrir el archivo"]);
    expect(ngrams(["abrir"])).toEqual({ words: ["abrir"], pairs: [], triples: [] });
  });

  it("keeps every written n-gram through serialisation, per target, and answers few others", () => {
    const next = random(7);
    const word = () => Math.floor(next() * 1e9).toString(36);
    const keys = new Set<string>();
    for (let i = 0; i < 5_000; i++) keys.add(writtenKey(next() < 0.5 ? "es" : "fr", `${word()} ${word()}`));
    const stored = JSON.parse(JSON.stringify(serialiseWritten(keys, 0.01, "test"))) as SerialisedWritten;
    const written = deserialiseWritten(stored);
    for (const key of keys) {
      const [target = "", gram = ""] = key.split("\t");
      expect(written(target, gram), key).toBe(true);
    }
    let wrong = 0;
    for (let i = 0; i < 10_000; i++) if (written("es", `${word()} ${word()}`)) wrong++;
    expect(wrong).toBeLessThan(300);
    // The same n-gram under another target is another key.
    const one = deserialiseWritten(serialiseWritten(new Set([writtenKey("es", "abrir archivo")]), 0.001, "test"));
    expect(one("es", "abrir archivo")).toBe(true);
    expect(one("fr", "abrir archivo")).toBe(false);
  });
});
