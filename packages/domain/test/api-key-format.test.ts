import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

import { type DbOrTx } from "@tolk/db";
import { describe, expect, it } from "vitest";

import {
  type Authenticator,
  type DomainContext,
  API_KEY_PREFIX,
  createDomainContext,
  apiKeyHint,
  authenticate,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "../src";
import { rejection } from "./helpers";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_SHAPE = /^svc_[0-9A-Za-z]{36}$/;
// Issued by this code once and kept: a key handed out today must stay valid after any refactor.
const ISSUED_KEY = "svc_1r2tnkjvTo27Lvhwmqk8Qs4EV76kSV4PL6Xl";

function decodeBase62(s: string): number {
  let n = 0;
  for (const ch of s) n = n * 62 + BASE62.indexOf(ch);
  return n;
}

/** The key with the character at `index` replaced by another base62 character. */
function withCharChanged(key: string, index: number, shift = 1): string {
  const current = key.charAt(index);
  const replacement = BASE62.charAt((BASE62.indexOf(current) + shift) % 62);
  return key.slice(0, index) + replacement + key.slice(index + 1);
}

describe("API key format", () => {
  it("is svc_ + 30 random base62 characters + a 6-character base62 CRC32 of them", () => {
    const key = generateApiKey();
    expect(key).toMatch(KEY_SHAPE);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    const body = key.slice(4, 34);
    expect(decodeBase62(key.slice(34))).toBe(crc32(body));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("keeps accepting a key issued earlier", () => {
    expect(isWellFormedApiKey(ISSUED_KEY)).toBe(true);
  });

  it("rejects every one-character change, in the random part and in the checksum", () => {
    for (const key of [ISSUED_KEY, generateApiKey(), generateApiKey()]) {
      for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
        for (const shift of [1, 7, 31, 61]) {
          const changed = withCharChanged(key, i, shift);
          expect(changed).not.toBe(key);
          expect(isWellFormedApiKey(changed), `change at ${i}: ${changed}`).toBe(false);
        }
      }
    }
  });

  it("rejects a wrong prefix, a wrong length and characters outside base62", () => {
    const rest = ISSUED_KEY.slice(4);
    for (const bad of [
      `sk_${rest}`,
      `SVC_${rest}`,
      `svc-${rest}`,
      `svc__${rest}`,
      rest,
      ISSUED_KEY.slice(0, -1),
      `${ISSUED_KEY}0`,
      `${ISSUED_KEY.slice(0, 10)}${ISSUED_KEY.slice(11)}`,
      `${ISSUED_KEY.slice(0, 10)}-${ISSUED_KEY.slice(11)}`,
      ` ${ISSUED_KEY}`,
      "",
      "svc_",
    ]) {
      expect(isWellFormedApiKey(bad), bad).toBe(false);
    }
  });

  it("shows a hint of the form svc_Ab3…9xQ", () => {
    expect(apiKeyHint(ISSUED_KEY)).toBe("svc_1r2…6Xl");
    const key = generateApiKey();
    const hint = apiKeyHint(key);
    expect(hint).toMatch(/^svc_[0-9A-Za-z]{3}…[0-9A-Za-z]{3}$/);
    expect(hint).toBe(`${key.slice(0, 7)}…${key.slice(-3)}`);
  });

  it("hashes the whole key with SHA-256, hex encoded", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashApiKey(withCharChanged(key, 10))).not.toBe(hashApiKey(key));
  });

  it("generates 10,000 unique, well-formed keys that use the whole alphabet", () => {
    const keys = new Set<string>();
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const key = generateApiKey();
      expect(key).toMatch(KEY_SHAPE);
      expect(isWellFormedApiKey(key)).toBe(true);
      keys.add(key);
      for (const ch of key.slice(4, 34)) seen.add(ch);
    }
    expect(keys.size).toBe(10_000);
    expect(seen.size).toBe(62);
  });
});

describe("authenticate refuses malformed keys without touching the database", () => {
  function guardedContext() {
    const touched: string[] = [];
    const db = new Proxy(
      {},
      {
        get(_target, prop) {
          touched.push(String(prop));
          throw new Error(`database accessed (${String(prop)})`);
        },
      },
    ) as unknown as DbOrTx;
    const ctx: DomainContext = createDomainContext({ db, now: () => new Date("2026-03-15T12:00:00Z") });
    const auth: Authenticator = {
      config: { issuer: "https://tolk.test", audience: "tolk", orgClaim: "org_id", clockToleranceSec: 30 },
      keys: async () => {
        touched.push("jwks");
        throw new Error("key resolver called");
      },
    };
    return { ctx, auth, touched };
  }

  it.each([
    ["a one-character change", `Bearer ${withCharChanged(ISSUED_KEY, 12)}`],
    ["a bad checksum", `Bearer ${ISSUED_KEY.slice(0, -1)}${ISSUED_KEY.endsWith("0") ? "1" : "0"}`],
    ["a truncated key", `Bearer ${ISSUED_KEY.slice(0, -1)}`],
    ["a key that is too long", `Bearer ${ISSUED_KEY}A`],
    ["svc_ and garbage", "Bearer svc_not-a-key"],
    ["a token of no known kind", "Bearer hello"],
    ["a token with three garbage parts", "Bearer a.b.c"],
    ["no Bearer scheme", `Basic ${ISSUED_KEY}`],
    ["a bare key", ISSUED_KEY],
    ["Bearer and nothing", "Bearer "],
    ["an empty header", ""],
    ["no header", null],
  ])("%s → 401 with zero database accesses", async (_name, header) => {
    const { ctx, auth, touched } = guardedContext();
    const err = await rejection(authenticate(ctx, auth, header));
    expect(err.status).toBe(401);
    expect(err.code).toBe("unauthorized");
    expect(err.type).toBe("authentication_error");
    expect(touched).toEqual([]);
  });

  it("does go to the database for a well-formed key (the guard really sees accesses)", async () => {
    const { ctx, auth, touched } = guardedContext();
    await expect(authenticate(ctx, auth, `Bearer ${generateApiKey()}`)).rejects.toThrow(/database accessed/);
    expect(touched.length).toBeGreaterThan(0);
  });
});
