import { type Transaction, organizations } from "@tolk/db";
import { eq } from "drizzle-orm";

import { principalOrgColumns } from "../auth/principal";

/** Locks the organization row: every credit change of one organization runs one at a time. */
export async function lockOrganization(tx: Transaction, orgId: string) {
  const [org] = await tx
    .select(principalOrgColumns)
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for("update");
  return org;
}
