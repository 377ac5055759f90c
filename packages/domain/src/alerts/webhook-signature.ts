import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The header that carries a webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "Tolk-Signature";

/** A new signing secret, shown to the admin (`whsec_` + 32 random bytes, hex). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/** Signs `<timestamp>.<body>`: the timestamp is covered, so a captured delivery cannot be replayed later as new. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** Checks a signature header against the body (constant time), refusing one older than `toleranceSec`. */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSec: number,
  toleranceSec = 300,
): boolean {
  const parts = new Map(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(t) || !given || Math.abs(nowSec - t) > toleranceSec) return false;
  const expected = Buffer.from(signWebhook(secret, t, body).split("v1=")[1] ?? "", "utf8");
  const actual = Buffer.from(given, "utf8");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
