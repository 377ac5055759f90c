import { formatInstant } from "./key-expiry";

/** How the audit log names a key: `CI deploy (svc_Ab3…9xQ)`, with its expiry when it has one. */
export function apiKeyAuditLabel(key: { name: string; hint: string; expiresAt?: Date | null }): string {
  const label = `${key.name} (${key.hint})`;
  return key.expiresAt ? `${label}, expires ${formatInstant(key.expiresAt)}` : label;
}
