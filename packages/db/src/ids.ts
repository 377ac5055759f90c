import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` base62 characters from a CSPRNG, without modulo bias (rejection sampling). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes at or above it would favour the first characters.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const idPrefixes = {
  org: "org",
  user: "usr",
  key: "key",
  lot: "lot",
  debit: "dbt",
  ledger: "led",
  usage: "use",
  signingKey: "sig",
  glossary: "gls",
  glossaryEntry: "gle",
  memory: "tm",
  memoryUnit: "tmu",
  brandVoice: "bv",
  project: "prj",
  invitation: "inv",
  job: "job",
  requestLog: "rql",
  audit: "aud",
  webhookDelivery: "whd",
} as const;
export type IdKind = keyof typeof idPrefixes;

/** The one id format, also made by the database function tolk_new_id (sql/functions). */
export const ID_PATTERN = /^[a-z]+_[0-9A-Za-z]{22}$/u;

/** Prefixed ids (`org_…`, `key_…`) so a log line says what it names; about 131 random bits. */
export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${randomBase62(22)}`;
}
