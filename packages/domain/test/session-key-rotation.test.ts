import { describe, expect, it } from "vitest";

import { type SessionTokenConfig, authenticate, createKeyResolver, issueSessionToken } from "../src";
import { createTestOrg } from "../src/testing";
import { useTestDb } from "./support";

const config: SessionTokenConfig = {
  issuer: "https://tolk.test",
  audience: "tolk-api",
  orgClaim: "org_id",
  clockToleranceSec: 30,
};

const t = useTestDb({ realClock: true });

describe("the embedded key resolver", () => {
  it("accepts a token signed with a key it had not seen when it last looked", async () => {
    // Real time (the tokens' own checks read it), moved ahead by hand past the cooldown.
    let ahead = 0;
    const ctx = { ...t.ctx, now: () => new Date(Date.now() + ahead) };
    const org = await createTestOrg(ctx);
    const auth = { config, keys: createKeyResolver(ctx, config) };
    // A token arrives before any signing key exists: the resolver caches an empty set.
    const early = await authenticate(ctx, auth, "Bearer a.b.c").catch((e: unknown) => e);
    expect(early).toMatchObject({ status: 401 });
    await expect(authenticate(ctx, auth, `Bearer ${await fakeToken()}`)).rejects.toMatchObject({ status: 401 });

    // Within the resolver's 1 s cooldown a new key is not looked up yet; past it, it is.
    const token = await issueSessionToken(ctx, config, { userId: org.ownerId, orgId: org.orgId });
    await expect(authenticate(ctx, auth, `Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
    ahead = 1_100;
    const principal = await authenticate(ctx, auth, `Bearer ${token}`);
    expect(principal).toMatchObject({ source: "idp_jwt", userId: org.ownerId });
  });
});

/** A well-formed token under an unknown kid: makes the resolver load (and cache) the key set. */
async function fakeToken(): Promise<string> {
  const { SignJWT, generateKeyPair } = await import("jose");
  const { privateKey } = await generateKeyPair("ES256");
  return new SignJWT({ org_id: "org_x" })
    .setProtectedHeader({ alg: "ES256", kid: "sig_unknown" })
    .setSubject("usr_x")
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setExpirationTime("5m")
    .sign(privateKey);
}
