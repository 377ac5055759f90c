import { describe, expect, it } from "vitest";

import { SecretBoxError, openSecret, sealSecret, secretHint } from "../src/secrets/secret-box";

const KEY = "k".repeat(16) + "0123456789abcdef0123";
const OTHER = "o".repeat(40);
const CONTEXT = "org_engine_secrets:org_a:deepl";
const DEEPL_KEY = "279a2e9d-83b3-c416-7e2d-f721593e42a0:fx";

describe("sealed secrets (an organization's DeepL key at rest)", () => {
  it("opens what it sealed, and the stored text does not contain the key", () => {
    const sealed = sealSecret(DEEPL_KEY, KEY, CONTEXT);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("279a2e9d");
    expect(openSecret(sealed, KEY, CONTEXT)).toBe(DEEPL_KEY);
    // A fresh IV each time: the same key never seals to the same text.
    expect(sealSecret(DEEPL_KEY, KEY, CONTEXT)).not.toBe(sealed);
  });

  it("does not open with another TOLK_SECRETS_KEY", () => {
    const sealed = sealSecret(DEEPL_KEY, KEY, CONTEXT);
    expect(() => openSecret(sealed, OTHER, CONTEXT)).toThrow(SecretBoxError);
  });

  it("does not open once a byte of it was changed, or in another organization's row", () => {
    const sealed = sealSecret(DEEPL_KEY, KEY, CONTEXT);
    const raw = Buffer.from(sealed.slice(3), "base64url");
    for (const at of [0, 14, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      expect(() => openSecret(`v1.${tampered.toString("base64url")}`, KEY, CONTEXT)).toThrow(SecretBoxError);
    }
    expect(() => openSecret(sealed, KEY, "org_engine_secrets:org_b:deepl")).toThrow(SecretBoxError);
    expect(() => openSecret("v2.abc", KEY, CONTEXT)).toThrow(SecretBoxError);
    expect(() => openSecret("v1.abc", KEY, CONTEXT)).toThrow(SecretBoxError);
  });

  it("refuses a TOLK_SECRETS_KEY too short to be a key", () => {
    expect(() => sealSecret(DEEPL_KEY, "short", CONTEXT)).toThrow(/at least 32 characters/);
  });

  it("hints at a key by its end, the Free suffix kept, never more of a short one", () => {
    expect(secretHint(DEEPL_KEY)).toBe("…42a0:fx");
    expect(secretHint("279a2e9d-83b3-c416-7e2d-f721593e42a0")).toBe("…42a0");
    expect(secretHint("abc:fx")).toBe("…:fx");
  });
});
