import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

import { randomBase62 } from "@tolk/db";

// svc_ + 30 base62 characters (~178 bits) + 6 base62 characters of CRC32 over those 30,
// after GitHub's token format: a scanner, or our own server, can reject a look-alike offline.
export const API_KEY_PREFIX = "svc_";
const BODY_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = /^svc_[0-9A-Za-z]{36}$/;

function base62Checksum(body: string): string {
  let n = crc32(body);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateApiKey(): string {
  const body = randomBase62(BODY_LENGTH);
  return `${API_KEY_PREFIX}${body}${base62Checksum(body)}`;
}

/** True when the key has our shape and its checksum matches: decided without any I/O. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH);
  return key.slice(API_KEY_PREFIX.length + BODY_LENGTH) === base62Checksum(body);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What the console shows to tell keys apart, e.g. `svc_Ab3…9xQ`. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 3)}…${key.slice(-3)}`;
}
