import { type Identity, type Scope } from "@tolk/contract";
import { type Organization, organizations } from "@tolk/db";

/** The organization fields every request needs (plan, limits, billing period), selected alike everywhere. */
export const principalOrgColumns = {
  id: organizations.id,
  plan: organizations.plan,
  planOverrides: organizations.planOverrides,
  billingAnchor: organizations.billingAnchor,
  defaultSourceLang: organizations.defaultSourceLang,
  // Whether (and which version of) the organization's own engines its requests are routed to.
  ownEnginesVersion: organizations.ownEnginesVersion,
};

/** The organization as every request carries it: the shape `principalOrgColumns` selects. */
export type PrincipalOrg = Pick<
  Organization,
  "id" | "plan" | "planOverrides" | "billingAnchor" | "defaultSourceLang" | "ownEnginesVersion"
>;

/** Who is calling, resolved from the bearer token. */
export interface Principal {
  source: "api_key" | "idp_jwt";
  userId: string;
  org: PrincipalOrg;
  /** null for session tokens: they carry the member's full access. */
  scopes: Scope[] | null;
  keyId: string | null;
}

export function hasAnyScope(principal: Principal, needed: readonly Scope[]): boolean {
  if (needed.length === 0 || principal.scopes === null) return true;
  return needed.some((s) => principal.scopes?.includes(s));
}

/** GET /v1/me. */
export function getIdentity(principal: Principal): Identity {
  return {
    user_id: principal.userId,
    org_id: principal.org.id,
    source: principal.source,
    plan: principal.org.plan,
    scopes: principal.scopes,
  };
}
