import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Secrets an organization hands Tolk (its DeepL API key) are stored sealed: AES-256-GCM, whose
// tag makes a changed byte or a wrong key fail instead of decrypting to garbage. The key is
// derived from the operator's TOLK_SECRETS_KEY with HKDF, so the secret itself is never the
// cipher key and one secret can serve other purposes under other labels. It is a secret of its
// own, not AUTH_SECRET: that one may live in the same database it would protect (app_secrets),
// and rotating it to end every console session must not destroy the organizations' keys.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The operator's secret must carry at least this many characters (≈ 256 bits as hex or base64). */
export const MIN_SECRETS_KEY_LENGTH = 32;

/** A sealed value could not be opened: a different TOLK_SECRETS_KEY, or the stored text was changed. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

function cipherKey(secretsKey: string): Buffer {
  if (secretsKey.length < MIN_SECRETS_KEY_LENGTH)
    throw new SecretBoxError(`TOLK_SECRETS_KEY must have at least ${MIN_SECRETS_KEY_LENGTH} characters`);
  return Buffer.from(hkdfSync("sha256", secretsKey, "tolk", "tolk org engine secrets v1", 32));
}

/**
 * Seals `plaintext` under `secretsKey`. `context` (e.g. the organization id and engine) is
 * authenticated too: a sealed value copied to another organization's row does not open there.
 * Returns `v1.<base64url of iv | tag | ciphertext>`.
 */
export function sealSecret(plaintext: string, secretsKey: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", cipherKey(secretsKey), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Opens what sealSecret made with the same key and context; throws SecretBoxError otherwise. */
export function openSecret(sealed: string, secretsKey: string, context: string): string {
  const [version, encoded, extra] = sealed.split(".");
  if (version !== VERSION || !encoded || extra !== undefined)
    throw new SecretBoxError("not a sealed secret of this version");
  const raw = Buffer.from(encoded, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError("sealed secret too short");
  const decipher = createDecipheriv("aes-256-gcm", cipherKey(secretsKey), raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError(
      "the sealed secret does not open with this TOLK_SECRETS_KEY (the key changed, or the stored value was altered)",
    );
  }
}

/** What a console shows of a key: its last four characters, DeepL's Free suffix kept ("…abcd:fx"). */
export function secretHint(secret: string): string {
  const suffix = secret.endsWith(":fx") ? ":fx" : "";
  const body = secret.slice(0, secret.length - suffix.length);
  // A short value would be mostly given away by its last four characters.
  return `…${body.length >= 12 ? body.slice(-4) : ""}${suffix}`;
}
