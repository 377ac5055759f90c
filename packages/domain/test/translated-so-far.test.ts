import { describe, expect, it } from "vitest";

import { TranslatedSoFar } from "../src/documents/translated-so-far";

const settled = async (p: Promise<unknown>): Promise<string> =>
  Promise.race([
    p.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise<string>((r) => setTimeout(() => r("pending"), 20)),
  ]);

describe("TranslatedSoFar", () => {
  it("lets a merge through once the segments it may read are in", async () => {
    const t = new TranslatedSoFar();
    const first = t.ready(64);
    const second = t.ready(200);
    t.advance(64);
    expect(await settled(first)).toBe("resolved");
    expect(await settled(second)).toBe("pending");
    t.finish(); // fewer than 200 segments in all
    expect(await settled(second)).toBe("resolved");
    expect(await settled(t.ready(Number.POSITIVE_INFINITY))).toBe("resolved");
  });

  it("records a read of a translation that had not arrived, but not one after the last arrived", () => {
    const t = new TranslatedSoFar();
    t.set("a", "uno");
    expect(t.get("a")).toBe("uno");
    expect(t.missed).toBe(false);
    t.finish();
    expect(t.get("untranslatable")).toBeUndefined();
    expect(t.missed).toBe(false);
    const early = new TranslatedSoFar();
    expect(early.get("b")).toBeUndefined();
    expect(early.missed).toBe(true);
  });

  it("stops a waiting merge with the translation's error", async () => {
    const t = new TranslatedSoFar();
    const waiting = t.ready(10);
    t.abort(new Error("engine down"));
    await expect(waiting).rejects.toThrow("engine down");
    await expect(t.ready(1)).rejects.toThrow("engine down");
  });
});
