import { randomBase62, users } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../context";
import { createApiKey } from "../keys/create-api-key";
import { ALL_SCOPES } from "../keys/scopes";
import { createOrganization } from "./create-organization";
import { addMember, createUser } from "./create-user";

export const DEMO_ADMIN_EMAIL = "admin@example.com";

export type SeedResult =
  | { created: true; org_id: string; admin_email: string; admin_password: string; api_key: string; scopes: string[] }
  | { created: false; admin_email: string };

/**
 * A demo organization (starter plan), its admin with a generated password, and an API key with
 * every scope. Runs once: when the admin exists, nothing is created and no secret is printed.
 */
export async function seedDemo(ctx: DomainContext): Promise<SeedResult> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (existing) return { created: false, admin_email: DEMO_ADMIN_EMAIL };

  const org = await createOrganization(ctx, { name: "Demo organization", plan: "starter" });
  const password = randomBase62(16);
  const admin = await createUser(ctx, { email: DEMO_ADMIN_EMAIL, password, name: "Demo admin" });
  await addMember(ctx, { orgId: org.id, userId: admin.id, role: "owner" });
  const { plaintext } = await createApiKey(ctx, {
    orgId: org.id,
    name: "Demo key",
    scopes: [...ALL_SCOPES],
    createdBy: admin.id,
  });
  return {
    created: true,
    org_id: org.id,
    admin_email: DEMO_ADMIN_EMAIL,
    admin_password: password,
    api_key: plaintext,
    scopes: [...ALL_SCOPES],
  };
}
