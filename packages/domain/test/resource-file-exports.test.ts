import { describe, expect, it } from "vitest";

import { parseTbx, writeGlossaryFile } from "../src/resources/glossaries/glossary-files";
import { parseTmx, writeTmx } from "../src/resources/memories/tmx";

// A term or unit may hold a character XML forbids (pasted from a terminal, or an engine's echo):
// the TMX and TBX exports stay files Tolk (and any XML tool) can read back.
const pair = { sourceLang: "en", targetLang: "es" };

describe("TMX and TBX exports of text with characters XML forbids", () => {
  it("a memory exported as TMX imports again, the forbidden characters dropped", () => {
    const tmx = writeTmx(pair, [
      {
        id: "u1",
        source: 'Ring\u0007 the "bell" & <go>',
        target: "Toca\u000C la campana\uD800",
        createdAt: new Date(0),
      },
    ]);
    expect(parseTmx(tmx, pair).units).toEqual([
      expect.objectContaining({ source: 'Ring the "bell" & <go>', target: "Toca la campana" }),
    ]);
  });

  it("a glossary exported as TBX imports again, the forbidden characters dropped", () => {
    const { body } = writeGlossaryFile("tbx", { id: "g1", name: "Bell\u0001s", ...pair }, [
      { id: "e1", source: "bell\u0008", target: "campana" },
    ]);
    expect(parseTbx(body, pair).entries).toEqual([expect.objectContaining({ source: "bell", target: "campana" })]);
  });
});
