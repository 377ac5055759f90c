import { type DatabaseHandle } from "@tolk/db";
import {
  type DomainContext,
  addMember,
  badRequest,
  checkBillingInvariants,
  createApiKey,
  createOrganization,
  createUser,
  effectiveLimits,
  issueSessionToken,
  parsePlan,
  parseRole,
  parseScopes,
  refundCredits,
  revokeApiKey,
  seedDemo,
  setOrganizationPlan,
  TolkError,
  setUserPassword,
  topUpCredits,
  withTransaction,
} from "@tolk/domain";

import { type ProcessEnv } from "../compose/env";
import { workerCommand } from "./worker";

export type Flags = Record<string, string | undefined>;

export interface CommandContext {
  domain: DomainContext;
  database: DatabaseHandle;
  env: ProcessEnv;
}

export interface Command {
  usage: string;
  run(ctx: CommandContext, flags: Flags): Promise<Record<string, unknown>>;
  /** How to print the result for a person (without --json). */
  human?(result: Record<string, unknown>): string;
}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (value === undefined || value === "") throw badRequest(`--${name} is required.`);
  return value;
}

function parseLimits(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest("--limits must be a JSON object, e.g. '{\"api_per_min\":5000}'.");
  }
}

const secretNotice = "Store it now: it is shown once and cannot be retrieved later.";

export const commands: Record<string, Command> = {
  migrate: {
    usage: "tolk migrate",
    run: async ({ database }) => ({ migrated: true, database: database.kind, location: database.location }),
    human: (r) => `Migrations applied (${String(r.database)}: ${String(r.location)}).`,
  },
  seed: {
    usage: "tolk seed",
    run: async ({ domain }) => seedDemo(domain),
    human: (r) =>
      r.created
        ? [
            "Demo organization created.",
            `  organization: ${String(r.org_id)} (plan starter)`,
            `  admin:        ${String(r.admin_email)} / password ${String(r.admin_password)}`,
            `  API key:      ${String(r.api_key)}  (scopes: translate, read, write)`,
            `  ${secretNotice}`,
          ].join("\n")
        : `The demo organization exists already (admin ${String(r.admin_email)}); no new key was made. ` +
          "Create one with: pnpm tolk key create --org ORG_ID --name NAME --scopes translate,read,write",
  },
  "org create": {
    usage: "tolk org create --name NAME [--plan free|starter|professional|enterprise] [--limits JSON]",
    run: async ({ domain }, flags) => {
      const plan = parsePlan(flags.plan ?? "free");
      const org = await createOrganization(domain, {
        name: required(flags, "name"),
        plan,
        limits: parseLimits(flags.limits),
      });
      const scopes = parseScopes("translate,read,write");
      const { plaintext } = await createApiKey(domain, { orgId: org.id, name: "Default key", scopes });
      return { org_id: org.id, api_key: plaintext, scopes };
    },
    human: (r) => `Organization ${String(r.org_id)}\nAPI key: ${String(r.api_key)}\n${secretNotice}`,
  },
  "org set-plan": {
    usage: "tolk org set-plan --org ORG_ID --plan PLAN [--limits JSON]",
    run: async ({ domain }, flags) => {
      const org = await setOrganizationPlan(domain, {
        orgId: required(flags, "org"),
        plan: parsePlan(required(flags, "plan")),
        limits: parseLimits(flags.limits),
      });
      return { org_id: org.id, plan: org.plan, limits: effectiveLimits(org) };
    },
  },
  "key create": {
    usage: "tolk key create --org ORG_ID --name NAME --scopes translate,read,write [--expires ISO_INSTANT]",
    run: async ({ domain }, flags) => {
      const scopes = parseScopes(required(flags, "scopes"));
      // An instant (2027-01-31T00:00:00Z); the domain refuses one already past.
      const expiresAt = flags.expires === undefined ? null : new Date(flags.expires);
      const { key, plaintext } = await createApiKey(domain, {
        orgId: required(flags, "org"),
        name: required(flags, "name"),
        scopes,
        expiresAt,
      });
      return { key_id: key.id, api_key: plaintext, scopes, expires_at: key.expiresAt?.toISOString() ?? null };
    },
    human: (r) => `Key ${String(r.key_id)}: ${String(r.api_key)}\n${secretNotice}`,
  },
  "key revoke": {
    usage: "tolk key revoke --key KEY_ID",
    run: async ({ domain }, flags) => {
      const keyId = required(flags, "key");
      await revokeApiKey(domain, { keyId });
      return { key_id: keyId, revoked: true };
    },
  },
  "credits top-up": {
    usage: "tolk credits top-up --org ORG_ID --amount N",
    run: async ({ domain }, flags) => {
      const raw = required(flags, "amount");
      if (!/^\d+$/.test(raw)) throw badRequest("--amount must be a whole positive number.");
      const orgId = required(flags, "org");
      const lot = await topUpCredits(domain, { orgId, amount: Number(raw) });
      return { org_id: orgId, lot_id: lot.lotId, amount: lot.amount, remaining: lot.remaining };
    },
  },
  "credits refund": {
    usage: "tolk credits refund --org ORG_ID --request REQUEST_ID [--amount N]",
    run: async ({ domain }, flags) => {
      const raw = flags.amount;
      if (raw !== undefined && !/^\d+$/.test(raw)) throw badRequest("--amount must be a whole number.");
      const orgId = required(flags, "org");
      const requestId = required(flags, "request");
      // The debit's operation key is the billed request's id (a document's: its job id).
      const { refunded } = await refundCredits(domain, {
        orgId,
        operationKey: requestId,
        amount: raw === undefined ? undefined : Number(raw),
      });
      return { org_id: orgId, request_id: requestId, refunded };
    },
  },
  "credits check": {
    usage: "tolk credits check [--org ORG_ID]",
    run: async ({ domain }, flags) => {
      const broken = await checkBillingInvariants(domain, flags.org);
      if (broken.length > 0) {
        const lines = broken.map(
          (b) => `${b.name} (${b.describe}): ${b.rows.length} rows, e.g. ${JSON.stringify(b.rows.slice(0, 3))}`,
        );
        throw new TolkError(
          500,
          "invariant_broken",
          "api_error",
          `The books break ${broken.length} invariant(s):\n${lines.join("\n")}`,
        );
      }
      return { org_id: flags.org ?? null, invariants_hold: true };
    },
    human: () => "Every billing invariant holds.",
  },
  "user create": {
    usage: "tolk user create --email EMAIL --password PW --org ORG_ID --role owner|admin|member",
    run: async ({ domain }, flags) => {
      const role = parseRole(required(flags, "role"));
      const orgId = required(flags, "org");
      const email = required(flags, "email");
      const password = required(flags, "password");
      // One transaction: an unknown organization must not leave a user behind.
      const user = await withTransaction(domain, async (_tx, txDomain) => {
        const created = await createUser(txDomain, { email, password });
        await addMember(txDomain, { orgId, userId: created.id, role });
        return created;
      });
      return { user_id: user.id, email: user.email, org_id: orgId, role };
    },
  },
  "user set-password": {
    usage: "tolk user set-password --email EMAIL --password PW",
    run: async ({ domain }, flags) => {
      const email = required(flags, "email");
      const { userId } = await setUserPassword(domain, { email, password: required(flags, "password") });
      return { user_id: userId, email: email.trim().toLowerCase(), password_set: true };
    },
  },
  "token issue": {
    usage: "tolk token issue --org ORG_ID --user USER_ID [--ttl SECONDS]",
    run: async ({ domain, env }, flags) => {
      if (env.JWT_JWKS_URL) throw badRequest("Tokens come from your identity provider when JWT_JWKS_URL is set.");
      const ttl = Number(flags.ttl ?? "3600");
      if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) throw badRequest("--ttl must be 1 to 86400 seconds.");
      const token = await issueSessionToken(
        domain,
        {
          issuer: env.JWT_ISSUER ?? env.TOLK_PUBLIC_URL,
          audience: env.JWT_AUDIENCE,
          orgClaim: env.JWT_ORG_CLAIM,
          clockToleranceSec: 0,
        },
        { orgId: required(flags, "org"), userId: required(flags, "user"), ttlSeconds: ttl },
      );
      return { token, expires_in: ttl };
    },
    human: (r) => String(r.token),
  },
  worker: workerCommand,
};
