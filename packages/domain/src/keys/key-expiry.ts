import { badRequest, unauthorized } from "../errors";

/** An expiry is an instant: a key is refused from that instant on. */
export function hasExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** A requested expiry: none, or an instant still to come. */
export function readExpiry(expiresAt: Date | null | undefined, now: Date): Date | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  if (Number.isNaN(expiresAt.getTime())) throw badRequest("The expiry is not a valid date.", "expires_at");
  if (expiresAt.getTime() <= now.getTime()) throw badRequest("The expiry must be in the future.", "expires_at");
  return expiresAt;
}

/** `2026-03-15 12:00 UTC`: how messages and audit labels name an instant. */
export function formatInstant(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The 401 an expired key gets: the spec's code for "expired token", with a message that says which case it is. */
export const apiKeyExpired = (expiresAt: Date) =>
  unauthorized(
    `This API key expired on ${formatInstant(expiresAt)}. Create a new key, or rotate keys before they expire, in the console.`,
  );
