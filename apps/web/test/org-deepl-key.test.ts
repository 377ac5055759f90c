// An organization's own DeepL API key, end to end over real HTTP. The "DeepL server" is a second
// Tolk instance (its own database and engines: Apertium plus an LLM, so it translates into
// German) serving its /v2 on a local port; the "DeepL key" is an API key of one of its
// organizations. This instance has Apertium only, which has no English–German pair: en→de then
// translates for the organization that saved the key, and for no other.
import { randomBytes } from "node:crypto";

import { translateResponse } from "@tolk/contract";
import { orgEngineSecrets } from "@tolk/db";
import { listAuditLog, revokeApiKey } from "@tolk/domain";
import { appRouter, createCallerFactory, createConsoleContext } from "@tolk/trpc";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as v1Languages } from "../app/v1/languages/route";
import { POST as v1Translate } from "../app/v1/translate/route";
import { GET as v2Languages } from "../app/v2/languages/route";
import { POST as v2Translate } from "../app/v2/translate/route";
import { type Harness, call, expectError, serveRoutes, startApp } from "./helpers";
import { DEEPL_ROUTES, type FakeLlm, deeplCharacterCount, startFakeLlm } from "./upstream";

const GERMAN: Record<string, string> = {
  "The house is big.": "Das Haus ist groß.",
  "I have a car.": "Ich habe ein Auto.",
  "The garden is green.": "Der Garten ist grün.",
};

let llm: FakeLlm;
let deepl: Harness;
let deeplServer: Awaited<ReturnType<typeof serveRoutes>>;
let h: Harness;

beforeAll(async () => {
  llm = await startFakeLlm((s) => GERMAN[s] ?? `[llm] ${s}`);
  deepl = await startApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL_STANDARD: "model-standard" }, { install: false });
  deeplServer = await serveRoutes(deepl, DEEPL_ROUTES);
  h = await startApp({
    TOLK_SECRETS_KEY: randomBytes(32).toString("hex"),
    // The test's DeepL server is plain http on the loopback address: the operator allows it.
    TOLK_WEBHOOK_ALLOW_HTTP: "1",
    TOLK_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  });
  // Two instances, each with its own database, start here.
}, 180_000);
afterAll(async () => {
  await deeplServer.close();
  await h.close();
  await deepl.close();
  await llm.close();
});

const createCaller = createCallerFactory(appRouter);

/** The console's procedures as `userId` calls them in `orgId`, on this instance. */
function console(userId: string, orgId: string, translation = h.app.translation) {
  return createCaller(
    createConsoleContext({
      domain: h.app.domain,
      translation,
      documents: h.app.documents,
      limiter: h.app.limiter,
      userId,
      requestedOrgId: orgId,
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected the procedure to fail");
}

const json = { "content-type": "application/json" };
const translate = (key: string | undefined, text: string, target = "de") =>
  call(h, v1Translate, "/v1/translate", {
    token: key,
    method: "POST",
    headers: json,
    body: JSON.stringify({ text, source_lang: "en", target_lang: target }),
  });
const deeplTranslate = (key: string | undefined, text: string) =>
  call(h, v2Translate, "/v2/translate", {
    method: "POST",
    headers: { ...json, Authorization: `DeepL-Auth-Key ${key}` },
    body: JSON.stringify({ text: [text], source_lang: "EN", target_lang: "DE" }),
  });
/** The engine GET /v1/languages names for en→`target`, or undefined when the organization cannot translate it. */
async function engineFor(key: string | undefined, target: string): Promise<string | undefined> {
  const r = await call(h, v1Languages, "/v1/languages", { token: key });
  const { languages } = (
    r.json as { data: { languages: { code: string; routes: { target: string; engine: string }[] }[] } }
  ).data;
  return languages.find((l) => l.code === "en")?.routes.find((route) => route.target === target)?.engine;
}
async function deeplTargets(key: string | undefined): Promise<string[]> {
  const r = await call(h, v2Languages, "/v2/languages?type=target", {
    headers: { Authorization: `DeepL-Auth-Key ${key}` },
  });
  return (r.json as { language: string }[]).map((l) => l.language);
}

describe("an organization's own DeepL key", () => {
  it("is tried on its server, stored sealed, shown as a hint only, and audited; en→de then translates for that organization only", async () => {
    const deeplKey = (await deepl.org()).keys.all?.key ?? "";
    const a = await h.org();
    const b = await h.org();
    const keyA = a.keys.all?.key;
    const keyB = b.keys.all?.key;
    expect((await translate(keyA, "The house is big.")).status).toBe(400);

    const admin = console(a.ownerId, a.orgId);
    const saved = await admin.deeplKey.save({ authKey: deeplKey, serverUrl: `${deeplServer.url}/v2/` });
    expect(saved).toMatchObject({
      configured: true,
      keyHint: `…${deeplKey.slice(-4)}`,
      serverUrl: deeplServer.url,
      preferred: false,
    });
    expect(JSON.stringify(await admin.deeplKey.get())).not.toContain(deeplKey);
    const stored = await h.app.database.db.select().from(orgEngineSecrets).where(eq(orgEngineSecrets.orgId, a.orgId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(deeplKey.slice(4));
    const audit = await listAuditLog(h.app.domain, { orgId: a.orgId });
    expect(audit.items[0]).toMatchObject({ action: "deepl_key.saved", actorType: "user" });
    expect(JSON.stringify(audit.items[0])).not.toContain(deeplKey);

    // Organization A: through its DeepL server, billed to A's credits like any translation.
    const r = await translate(keyA, "The house is big.");
    expect(r.status).toBe(200);
    const { data } = translateResponse.parse(r.json);
    expect(data.translation).toBe("Das Haus ist groß.");
    expect(data.credits_used).toBe("Das Haus ist groß.".length);
    expect(await deeplCharacterCount(deepl, deeplKey)).toBe("Das Haus ist groß.".length);
    expect((await deeplTranslate(keyA, "I have a car.")).json).toMatchObject({
      translations: [{ text: "Ich habe ein Auto." }],
    });
    expect(await engineFor(keyA, "de")).toBe("deepl:org");
    expect(await deeplTargets(keyA)).toContain("DE");
    // Pairs Apertium serves stay with Apertium unless DeepL is preferred.
    expect(await engineFor(keyA, "es")).toBe("apertium");

    // Organization B: the pair is missing, said in a few words on the DeepL API.
    expectError(await translate(keyB, "The house is big."), 400, "unsupported_language_pair", "invalid_request_error");
    const refused = await deeplTranslate(keyB, "The house is big.");
    expect(refused.status).toBe(400);
    const message = (refused.json as { message: string }).message;
    expect(message.length).toBeLessThanOrEqual(200);
    expect(message).toMatch(/No engine translates en→de.*own DeepL key/);
    expect(await engineFor(keyB, "de")).toBeUndefined();
    expect(await deeplTargets(keyB)).not.toContain("DE");
  }, 90_000);

  it("refuses a key its server refuses (a 400 saying so) and a server inside the network, and stores nothing", async () => {
    const a = await h.org();
    const admin = console(a.ownerId, a.orgId);
    const refused = await failure(
      admin.deeplKey.save({ authKey: "svc_not_a_key_0000000000", serverUrl: deeplServer.url }),
    );
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(/refused this key.*Nothing was saved/);
    const internal = await failure(
      admin.deeplKey.save({ authKey: "svc_not_a_key_0000000000", serverUrl: "http://10.1.2.3" }),
    );
    expect(internal.message).toMatch(/DeepL server URL cannot point into the server's own network/);
    expect(await admin.deeplKey.get()).toMatchObject({ configured: false, keyHint: null });
  });

  it("when preferred, also takes the pairs Apertium serves; replaced and removed, its requests follow at once", async () => {
    const deeplKey = (await deepl.org()).keys.all?.key ?? "";
    const a = await h.org();
    const keyA = a.keys.all?.key;
    const admin = console(a.ownerId, a.orgId);
    await admin.deeplKey.save({ authKey: deeplKey, serverUrl: deeplServer.url, preferred: true });
    expect(await engineFor(keyA, "es")).toBe("deepl:org");

    // A new key for the same organization: the next request goes to the new key's account.
    const second = await deepl.org();
    const secondKey = second.keys.all?.key ?? "";
    await admin.deeplKey.save({ authKey: secondKey });
    expect((await admin.deeplKey.get()).keyHint).toBe(`…${secondKey.slice(-4)}`);
    expect(translateResponse.parse((await translate(keyA, "The garden is green.")).json).data.translation).toBe(
      "Der Garten ist grün.",
    );
    expect(await deeplCharacterCount(deepl, secondKey)).toBe("Der Garten ist grün.".length);

    await admin.deeplKey.remove();
    expect((await listAuditLog(h.app.domain, { orgId: a.orgId })).items.map((i) => i.action)).toEqual([
      "deepl_key.removed",
      "deepl_key.saved",
      "deepl_key.saved",
    ]);
    expect(await engineFor(keyA, "es")).toBe("apertium");
    expectError(
      await translate(keyA, "The garden is green."),
      400,
      "unsupported_language_pair",
      "invalid_request_error",
    );
  }, 90_000);

  it("a key its server refuses later is an engine error naming the organization's key, not Tolk's 401/403", async () => {
    const upstreamOrg = await deepl.org();
    const a = await h.org();
    await console(a.ownerId, a.orgId).deeplKey.save({
      authKey: upstreamOrg.keys.all?.key ?? "",
      serverUrl: deeplServer.url,
    });
    expect((await translate(a.keys.all?.key, "The house is big.")).status).toBe(200);
    await revokeApiKey(deepl.app.domain, { keyId: upstreamOrg.keys.all?.id ?? "" });
    const error = expectError(
      await translate(a.keys.all?.key, "I have a car."),
      503,
      "engine_unavailable",
      "api_error",
    );
    expect(error.message).toMatch(/DeepL refused the organization's DeepL API key \(HTTP 403\)/);
  }, 90_000);

  it("cannot be saved where the operator set no TOLK_SECRETS_KEY, and says who must set it", async () => {
    const a = await h.org();
    const admin = console(a.ownerId, a.orgId, { ...h.app.translation, orgEngines: undefined });
    expect(await admin.deeplKey.get()).toMatchObject({ configured: false, canStore: false });
    const err = await failure(admin.deeplKey.save({ authKey: "anything" }));
    expect(err.code).toBe("SERVICE_UNAVAILABLE");
    expect(err.message).toMatch(/operator has not set TOLK_SECRETS_KEY/);
  });
});
