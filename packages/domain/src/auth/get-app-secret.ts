import { appSecrets, randomBase62 } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../context";

/**
 * A secret the service generates once and stores, e.g. the console's cookie key when the
 * operator sets none. Insert-if-absent then read: concurrent first starts agree on one value.
 */
export async function getAppSecret(ctx: DomainContext, name: string): Promise<string> {
  await ctx.db
    .insert(appSecrets)
    .values({ name, value: randomBase62(48), createdAt: ctx.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} missing after insert`);
  return row.value;
}
