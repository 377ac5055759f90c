import { memberships, organizations, signingKeys, users } from "@tolk/db";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import {
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from "jose";

import { type DomainContext } from "../context";
import { unauthorized } from "../errors";
import { type Principal, principalOrgColumns } from "./principal";

/** Asymmetric algorithms only: an HMAC "signed" with a public key is the classic confusion. */
export const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
];
const SIGNING_ALG = "ES256";
const LOCAL_KEYS_COOLDOWN_MS = 1_000;

export interface SessionTokenConfig {
  /** An identity provider's JWKS; when absent the service verifies the tokens it signs itself. */
  jwksUrl?: string;
  issuer: string;
  audience: string;
  /** Claim that names the organization: our org id or its identity-provider id. */
  orgClaim: string;
  clockToleranceSec: number;
  /**
   * The longest a token is accepted after its `iat`, whatever its `exp` says: a token minted
   * with a far-off expiry (or leaked) stops working this long after it was issued.
   */
  maxAgeSec?: number;
}

/** The default of `maxAgeSec` (JWT_MAX_AGE_S): a day, as long as the CLI lets a token live. */
export const DEFAULT_SESSION_MAX_AGE_SEC = 86_400;

/** The service's own public keys, published at /.well-known/jwks.json. */
export async function getPublicJwks(ctx: DomainContext): Promise<JSONWebKeySet> {
  const rows = await ctx.db
    .select({ kid: signingKeys.kid, alg: signingKeys.alg, jwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt));
  return { keys: rows.map((r) => ({ ...r.jwk, kid: r.kid, alg: r.alg, use: "sig" })) };
}

/** The active signing key, created on first use (the same for every instance: it is stored). */
async function activeSigningKey(ctx: DomainContext) {
  const find = () =>
    ctx.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
  const [existing] = await find();
  if (existing) return existing;
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = `sig_${Date.now().toString(36)}`;
  await ctx.db
    .insert(signingKeys)
    .values({
      kid,
      alg: SIGNING_ALG,
      publicJwk: { ...(await exportJWK(publicKey)) },
      privateJwk: { ...(await exportJWK(privateKey)) },
    })
    .onConflictDoNothing();
  const [created] = await find();
  if (!created) throw new Error("no signing key after insert");
  return created;
}

/** Signs a session token for a member (the console's calls to /v1 in the embedded default). */
export async function issueSessionToken(
  ctx: DomainContext,
  config: SessionTokenConfig,
  options: { userId: string; orgId: string; ttlSeconds?: number },
): Promise<string> {
  const key = await activeSigningKey(ctx);
  const privateKey = await importJWK(key.privateJwk, key.alg);
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ [config.orgClaim]: options.orgId })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setSubject(options.userId)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 3600))
    .sign(privateKey);
}

/** Resolves verification keys: an IdP's remote JWKS, or our own keys from the database. */
export function createKeyResolver(ctx: DomainContext, config: SessionTokenConfig): JWTVerifyGetKey {
  if (config.jwksUrl) {
    // jose caches the set and refetches an unknown kid at most every 30 s (cooldown).
    return createRemoteJWKSet(new URL(config.jwksUrl));
  }
  // Our own keys come from the database, so an unknown kid (a key another instance just made,
  // or the first key of a fresh install) is looked up again, at most once a second: a flood
  // of random kids costs one query a second, not one per token.
  let cached: { resolver: JWTVerifyGetKey; kids: Set<string>; at: number } | null = null;
  return async (header, token) => {
    const unknownKid = header.kid !== undefined && !cached?.kids.has(header.kid);
    if (!cached || (unknownKid && ctx.now().getTime() - cached.at > LOCAL_KEYS_COOLDOWN_MS)) {
      const jwks = await getPublicJwks(ctx);
      cached = {
        resolver: createLocalJWKSet(jwks),
        kids: new Set(jwks.keys.map((k) => k.kid ?? "")),
        at: ctx.now().getTime(),
      };
    }
    return cached.resolver(header, token);
  };
}

/** Verifies a session token and resolves its organization and user. Any failure is a 401. */
export async function authenticateSessionToken(
  ctx: DomainContext,
  config: SessionTokenConfig,
  keys: JWTVerifyGetKey,
  token: string,
): Promise<Principal> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ASYMMETRIC_ALGORITHMS,
      issuer: config.issuer,
      audience: config.audience,
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: config.clockToleranceSec,
      maxTokenAge: config.maxAgeSec ?? DEFAULT_SESSION_MAX_AGE_SEC,
      // The context's clock, the one issueSessionToken stamps `iat`/`exp` with.
      currentDate: ctx.now(),
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized("The session token has expired.");
    throw unauthorized("Invalid session token.");
  }
  const orgRef = payload[config.orgClaim];
  const sub = payload.sub;
  if (typeof orgRef !== "string" || !orgRef || !sub) {
    throw unauthorized(`The session token has no '${config.orgClaim}' claim.`);
  }
  const [org] = await ctx.db
    .select(principalOrgColumns)
    .from(organizations)
    .where(or(eq(organizations.id, orgRef), eq(organizations.idpOrgId, orgRef)))
    .limit(1);
  if (!org) throw unauthorized("The session token names an unknown organization.");

  // A subject we know as a user must be a member; tokens we signed ourselves always name
  // our users. A subject we have never seen is trusted to the IdP's own org claim.
  const [user] = await ctx.db
    .select({ id: users.id, role: memberships.role })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, org.id)))
    .where(or(eq(users.id, sub), eq(users.idpSubject, sub)))
    .limit(1);
  const selfIssued = !config.jwksUrl;
  if ((user && !user.role) || (!user && selfIssued)) {
    throw unauthorized("The token's subject is not a member of its organization.");
  }
  return { source: "idp_jwt", userId: user?.id ?? sub, org, scopes: null, keyId: null };
}
