import { type User, memberships, organizations, users } from "@tolk/db";
import { eq } from "drizzle-orm";
import { z } from "zod";

import { type DomainContext } from "../context";
import { hashPassword } from "../auth/passwords";
import { TolkError, badRequest, notFound } from "../errors";

export type Role = "owner" | "admin" | "member";
export const roles: readonly Role[] = ["owner", "admin", "member"];

const email = z.email();

export function parseRole(input: string): Role {
  if (!(roles as readonly string[]).includes(input))
    throw badRequest(`Unknown role '${input}'; use ${roles.join(", ")}.`, "role");
  return input as Role;
}

/** Creates a user (e-mail stored lower-cased, password hashed with argon2id). */
export async function createUser(
  ctx: DomainContext,
  options: { email: string; password?: string; name?: string },
): Promise<User> {
  const address = options.email.trim().toLowerCase();
  if (!email.safeParse(address).success) throw badRequest(`'${options.email}' is not an e-mail address.`, "email");
  if (options.password !== undefined && options.password.length < 8) {
    throw badRequest("A password needs at least 8 characters.", "password");
  }
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (existing)
    throw new TolkError(
      409,
      "already_exists",
      "invalid_request_error",
      `A user with e-mail ${address} already exists.`,
    );
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: address,
      name: options.name ?? null,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      createdAt: ctx.now(),
    })
    .returning();
  if (!user) throw new Error("user insert returned no row");
  return user;
}

/** Adds a user to an organization with a role, or changes the role of a member. */
export async function addMember(
  ctx: DomainContext,
  options: { orgId: string; userId: string; role: Role },
): Promise<void> {
  const [org] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, options.orgId));
  if (!org) throw notFound("Organization");
  await ctx.db
    .insert(memberships)
    .values({ orgId: options.orgId, userId: options.userId, role: options.role, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { role: options.role } });
}
