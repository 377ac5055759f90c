import { describe, expect, it } from "vitest";

import { PIECE_SEGMENTS, translationsPieceKey } from "../src/documents/document-objects";
import { TranslatedSoFar } from "../src/documents/translated-so-far";
import { MemoryObjectStorage } from "../src/testing";

const settled = async (p: Promise<unknown>): Promise<string> =>
  Promise.race([
    p.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise<string>((r) => setTimeout(() => r("pending"), 20)),
  ]);

let jobs = 0;

/** A writer over storage that counts the pieces written and read. */
function translatedSoFar(total: number) {
  const storage = new MemoryObjectStorage();
  const job = { orgId: "org", id: `job${++jobs}` };
  const puts: string[] = [];
  const gets: string[] = [];
  const put = storage.put.bind(storage);
  const get = storage.get.bind(storage);
  storage.put = (key, body) => (puts.push(key), put(key, body));
  storage.get = (key) => (gets.push(key), get(key));
  return { t: new TranslatedSoFar(storage, job, total), job, puts, gets };
}

describe("TranslatedSoFar", () => {
  it("lets a merge through once the segments it may read are in", async () => {
    const { t } = translatedSoFar(150);
    const first = t.ready(64);
    const second = t.ready(200);
    t.advance(64);
    expect(await settled(first)).toBe("resolved");
    expect(await settled(second)).toBe("pending");
    await t.finish(); // fewer than 200 segments in all
    expect(await settled(second)).toBe("resolved");
    expect(await settled(t.ready(Number.POSITIVE_INFINITY))).toBe("resolved");
  });

  it("writes each piece to storage once it is full, holding only the piece being filled", async () => {
    const total = 2 * PIECE_SEGMENTS + 10;
    const { t, job, puts } = translatedSoFar(total);
    for (let i = 0; i < PIECE_SEGMENTS + 5; i++) t.add(`s${i}`, `t${i}`);
    await t.flush();
    expect(puts).toEqual([translationsPieceKey(job, 0)]);
    for (let i = PIECE_SEGMENTS + 5; i < total; i++) t.add(`s${i}`, `t${i}`);
    await t.finish();
    expect(puts).toEqual([0, 1, 2].map((n) => translationsPieceKey(job, n)));
    const all = await t.readAll();
    expect(all.size).toBe(total);
    expect(all.get(`s${total - 1}`)).toBe(`t${total - 1}`);
  });

  it("lets a merge read every translation in extract order while holding at most a few pieces", async () => {
    const pieces = 10;
    const total = pieces * PIECE_SEGMENTS;
    const { t, job, gets } = translatedSoFar(total);
    for (let i = 0; i < total; i++) t.add(`s${i}`, `t${i}`);
    await t.finish();
    const reader = t.reader();
    // As a paced merge does: wait for the next stretch, then read it.
    for (let at = 0; at < total; at += 1000) {
      await reader.ready(at + 1000);
      for (let i = at; i < Math.min(total, at + 1000); i++) expect(reader.get(`s${i}`)).toBe(`t${i}`);
    }
    expect(reader.missed).toBe(false);
    expect(reader.mostHeld).toBeLessThanOrEqual(3);
    expect(gets).toEqual(Array.from({ length: pieces }, (_, n) => translationsPieceKey(job, n)));
  });

  it("reads the piece still being filled without waiting for it to be stored, and keeps it once it is", async () => {
    const { t, gets } = translatedSoFar(PIECE_SEGMENTS);
    const reader = t.reader();
    for (let i = 0; i < 64; i++) t.add(`s${i}`, `t${i}`);
    t.advance(64);
    await reader.ready(64);
    expect(reader.get("s63")).toBe("t63");
    for (let i = 64; i < PIECE_SEGMENTS; i++) t.add(`s${i}`, `t${i}`);
    await t.finish();
    await reader.ready(PIECE_SEGMENTS);
    expect(reader.get(`s${PIECE_SEGMENTS - 1}`)).toBe(`t${PIECE_SEGMENTS - 1}`);
    expect(gets).toEqual([]);
  });

  it("records a read of a translation the merge had not waited for", async () => {
    const { t } = translatedSoFar(2 * PIECE_SEGMENTS);
    for (let i = 0; i < 2 * PIECE_SEGMENTS; i++) t.add(`s${i}`, `t${i}`);
    await t.finish();
    const reader = t.reader();
    await reader.ready(10);
    expect(reader.get("s0")).toBe("t0");
    expect(reader.missed).toBe(false);
    expect(reader.get(`s${PIECE_SEGMENTS}`)).toBeUndefined(); // in the second piece, not waited for
    expect(reader.missed).toBe(true);
  });

  it("stops a waiting merge with the translation's error", async () => {
    const { t } = translatedSoFar(10);
    const waiting = t.ready(10);
    t.abort(new Error("engine down"));
    await expect(waiting).rejects.toThrow("engine down");
    await expect(t.ready(1)).rejects.toThrow("engine down");
  });
});
