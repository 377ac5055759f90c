import { createHash } from "node:crypto";

import { randomBase62 } from "@tolk/db";

/** ~190 random bits; only its SHA-256 is stored, so a database leak reveals no usable link. */
export const newInvitationToken = () => randomBase62(32);

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const INVITATION_TTL_MS = 7 * 86_400_000;
