import { type Scope, scopes as allScopes } from "@tolk/contract";

import { badRequest } from "../errors";

export const ALL_SCOPES: readonly Scope[] = allScopes;

/** Parses "translate,read" (CLI) or a list (API/console) into a sorted, de-duplicated list. */
export function parseScopes(input: string | readonly string[]): Scope[] {
  const items = (typeof input === "string" ? input.split(",") : input).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw badRequest(`At least one scope is required: ${ALL_SCOPES.join(", ")}.`, "scopes");
  const unknown = items.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw badRequest(`Unknown scope ${unknown.join(", ")}; use ${ALL_SCOPES.join(", ")}.`, "scopes");
  }
  return ALL_SCOPES.filter((s) => items.includes(s));
}
