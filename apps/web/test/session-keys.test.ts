// The service's own session-token keys on a fresh database: the signing key is created by the
// first token issued, and the verifier must see it at once.
import { issueSessionToken } from "@tolk/domain";
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";

import { GET as me } from "../app/v1/me/route";
import { type Harness, call, expectError, startApp } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());

// Regression: a verification before the first signing key existed used to cache the empty key
// set for 30 s, refusing the service's own first tokens. Unknown kids are now re-read after 1 s.
it("accepts the first token the service issues even after a foreign token was tried", async () => {
  const org = await h.org();
  const config = h.app.auth.config;
  const now = Math.floor(Date.now() / 1000);
  const { privateKey } = await generateKeyPair("ES256");
  const foreign = await new SignJWT({ [config.orgClaim]: org.orgId })
    .setProtectedHeader({ alg: "ES256", kid: "sig_from_elsewhere" })
    .setSubject(org.ownerId)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
  expectError(await call(h, me, "/v1/me", { token: foreign }), 401, "unauthorized", "authentication_error");

  await new Promise((r) => setTimeout(r, 1_100)); // the resolver's cooldown for unknown kids
  const token = await issueSessionToken(h.app.domain, config, { userId: org.ownerId, orgId: org.orgId });
  expect((await call(h, me, "/v1/me", { token })).status).toBe(200);
});
