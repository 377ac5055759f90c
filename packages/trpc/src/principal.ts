import { type Membership, type Principal } from "@tolk/domain";

/**
 * A signed-in member acts like a session token on /v1: full access, within the organization's
 * limits and credits. One definition, so every console use case bills and rate-limits alike.
 */
export function memberPrincipal(ctx: { userId: string; membership: Membership }): Principal {
  return { source: "idp_jwt", userId: ctx.userId, org: ctx.membership.org, scopes: null, keyId: null };
}
