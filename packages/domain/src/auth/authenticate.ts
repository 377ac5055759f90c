import { type JWTVerifyGetKey } from "jose";

import { type DomainContext } from "../context";
import { unauthorized } from "../errors";
import { API_KEY_PREFIX } from "../keys/api-key-format";
import { authenticateApiKey } from "./authenticate-api-key";
import { type PrincipalCache } from "./principal-cache";
import { type Principal } from "./principal";
import { type SessionTokenConfig, authenticateSessionToken } from "./session-tokens";

export interface Authenticator {
  config: SessionTokenConfig;
  keys: JWTVerifyGetKey;
  /** Only where change notifications are exact (PGlite); PostgreSQL looks every key up. */
  principals?: PrincipalCache | null;
}

/** `Authorization: Bearer <svc_ key | JWT>` → who is calling, or a 401. */
export async function authenticate(
  ctx: DomainContext,
  auth: Authenticator,
  authorization: string | null,
): Promise<Principal> {
  if (!authorization) throw unauthorized("Missing Authorization header. Send 'Authorization: Bearer <token>'.");
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  const token = match?.[1];
  if (!token) throw unauthorized("The Authorization header must be 'Bearer <token>'.");
  if (token.startsWith(API_KEY_PREFIX)) return authenticateApiKey(ctx, token, auth.principals ?? null);
  if (token.split(".").length === 3) return authenticateSessionToken(ctx, auth.config, auth.keys, token);
  throw unauthorized("Unrecognised token: expected an API key (svc_…) or a session token (JWT).");
}
