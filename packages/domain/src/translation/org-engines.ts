import { orgEngineSecrets, organizations } from "@tolk/db";
import { type DeeplEngineOptions, type Engine, EngineRouter, createDeeplEngine } from "@tolk/engines";
import { and, eq } from "drizzle-orm";

import { type PrincipalOrg } from "../auth/principal";
import { type DomainContext } from "../context";
import { logger } from "../ports/logger";
import { openSecret } from "../secrets/secret-box";
import { type TranslationServices } from "./translate-segments";

/** The name of an organization's own DeepL engine: "deepl" to the quality estimate, apart from the operator's "deepl". */
export const ORG_DEEPL_ENGINE = "deepl:org";

/** What the sealed key is bound to: a sealed value copied into another organization's row does not open there. */
export const orgDeeplSealContext = (orgId: string) => `org_engine_secrets:${orgId}:deepl`;

export interface OrgEnginesOptions {
  /** TOLK_SECRETS_KEY: opens the stored keys; without it an organization's key cannot be used (or saved). */
  secretsKey?: string;
  /** How long an organization's engine (and the pairs its server announced) is used before it is built again. */
  ttlMs: number;
  /** How long a failed start is remembered before the next request tries again. */
  retryMs?: number;
  /** Starts a DeepL engine (tests may count the starts). */
  createDeepl?: (options: DeeplEngineOptions) => Promise<Engine>;
}

interface Entry {
  version: number;
  services: TranslationServices;
  expiresAt: number;
  /** The organization's engine started: a failed refresh keeps this entry's services. */
  started: boolean;
}

/**
 * Organizations' own engines (their DeepL API key), one translation set-up per organization: the
 * deployment's engines plus its own, routed by a router of its own. Built on the organization's
 * first request and kept for `ttlMs`; the organization's `own_engines_version` (on the principal
 * of every request, raised by every change of its key) makes every instance build a new one at
 * once after a change. Engines replaced this way are not closed: closing aborts the requests
 * still running on them, and an HTTP engine holds nothing else.
 */
export class OrgEngines {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<TranslationServices>>();

  constructor(
    private readonly ctx: Pick<DomainContext, "db" | "now">,
    readonly options: OrgEnginesOptions,
  ) {}

  /** The services for `org`'s requests: `shared` itself unless the organization has an engine of its own. */
  async servicesFor(
    shared: TranslationServices,
    org: Pick<PrincipalOrg, "id" | "ownEnginesVersion">,
  ): Promise<TranslationServices> {
    const version = org.ownEnginesVersion;
    if (version === null) {
      this.entries.delete(org.id);
      return shared;
    }
    const entry = this.entries.get(org.id);
    if (entry && entry.version === version && entry.expiresAt > this.ctx.now().getTime()) return entry.services;
    const key = `${org.id}@${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(shared, org.id, version, entry).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** Closes every organization's current engine (the server is stopping). */
  async close(): Promise<void> {
    const engines = [...this.entries.values()].flatMap((e) =>
      e.services.router.engines.filter((engine) => engine.cacheScope !== undefined),
    );
    this.entries.clear();
    await Promise.all(engines.map((e) => e.close()));
  }

  private async build(
    shared: TranslationServices,
    orgId: string,
    version: number,
    previous: Entry | undefined,
  ): Promise<TranslationServices> {
    const base: TranslationServices = {
      router: shared.router,
      cache: shared.cache,
      defaultSourceLang: shared.defaultSourceLang,
    };
    try {
      const own = await this.startDeepl(orgId, version);
      const services = own ? { ...base, router: ownRouter(shared.router, own.engine, own.preferred) } : base;
      this.entries.set(orgId, {
        version,
        services,
        expiresAt: this.ctx.now().getTime() + this.options.ttlMs,
        started: true,
      });
      return services;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      logger().warn({ org_id: orgId, err: detail }, "an organization's own DeepL engine could not start");
      // A refresh of the same key that fails keeps the engine that worked until the next try; a
      // key that never started leaves its pairs unserved, and says why (resolveRoute).
      const keep = previous !== undefined && previous.version === version && previous.started;
      const kept = keep
        ? previous.services
        : { ...base, unavailable: `the organization's DeepL engine could not start: ${detail}` };
      this.entries.set(orgId, {
        version,
        services: kept,
        expiresAt: this.ctx.now().getTime() + (this.options.retryMs ?? 60_000),
        started: keep,
      });
      return kept;
    }
  }

  private async startDeepl(orgId: string, version: number): Promise<{ engine: Engine; preferred: boolean } | null> {
    const [row] = await this.ctx.db
      .select({
        sealedKey: orgEngineSecrets.sealedKey,
        serverUrl: orgEngineSecrets.serverUrl,
        preferred: orgEngineSecrets.preferred,
      })
      .from(orgEngineSecrets)
      .where(and(eq(orgEngineSecrets.orgId, orgId), eq(orgEngineSecrets.engine, "deepl")));
    if (!row) return null;
    if (!this.options.secretsKey) throw new Error("this server has no TOLK_SECRETS_KEY to open the stored key with");
    const authKey = openSecret(row.sealedKey, this.options.secretsKey, orgDeeplSealContext(orgId));
    const engine = await (this.options.createDeepl ?? createDeeplEngine)({
      authKey,
      url: row.serverUrl ?? undefined,
      name: ORG_DEEPL_ENGINE,
      keyOwner: "organization",
      cacheScope: `${orgId}.${version}`,
    });
    return { engine, preferred: row.preferred };
  }
}

/**
 * The deployment's engines plus an organization's own. Not preferred, it serves the pairs no
 * other engine can (it ranks after every engine the default preference names); preferred, it
 * serves every pair its server announces, before the operator's TOLK_ENGINE_ROUTES.
 */
export function ownRouter(shared: EngineRouter, own: Engine, preferred: boolean): EngineRouter {
  const rules = preferred ? [{ source: "*", target: "*", engine: own.name }, ...shared.rules] : shared.rules;
  return new EngineRouter([...shared.engines, own], rules);
}

/** The services for `org`'s requests: the organization's own engines joined in when it has any. */
export function translationFor(
  shared: TranslationServices,
  org: Pick<PrincipalOrg, "id" | "ownEnginesVersion">,
): Promise<TranslationServices> {
  return shared.orgEngines ? shared.orgEngines.servicesFor(shared, org) : Promise.resolve(shared);
}

/** translationFor by the organization's id, for work that carries no principal (a document job). */
export async function translationForOrgId(
  ctx: Pick<DomainContext, "db">,
  shared: TranslationServices,
  orgId: string,
): Promise<TranslationServices> {
  if (!shared.orgEngines) return shared;
  const [org] = await ctx.db
    .select({ id: organizations.id, ownEnginesVersion: organizations.ownEnginesVersion })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org ? shared.orgEngines.servicesFor(shared, org) : shared;
}
