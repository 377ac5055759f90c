import { type Organization, organizations } from "@tolk/db";

import { type Plan, planSchema } from "@tolk/contract";

import { type DomainContext } from "../context";
import { badRequest } from "../errors";
import { parsePlanOverrides } from "../plans";

export function parsePlan(input: string): Plan {
  const parsed = planSchema.safeParse(input);
  if (!parsed.success) throw badRequest(`Unknown plan '${input}'; use ${planSchema.options.join(", ")}.`, "plan");
  return parsed.data;
}

export async function createOrganization(
  ctx: DomainContext,
  options: { name: string; plan?: Plan; limits?: unknown; idpOrgId?: string | null },
): Promise<Organization> {
  const name = options.name.trim();
  if (!name || name.length > 200) throw badRequest("An organization name of 1 to 200 characters is required.", "name");
  const plan = options.plan ?? "free";
  const now = ctx.now();
  const [org] = await ctx.db
    .insert(organizations)
    .values({
      name,
      plan,
      planOverrides: parsePlanOverrides(plan, options.limits),
      idpOrgId: options.idpOrgId ?? null,
      billingAnchor: now,
      createdAt: now,
    })
    .returning();
  if (!org) throw new Error("organization insert returned no row");
  return org;
}
