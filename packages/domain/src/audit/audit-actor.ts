import { type AuditActor } from "../context/actor";

export type { AuditActor };

/** The CLI's actor: an operator at the server's console, with no address. */
export const cliActor: AuditActor = { type: "cli", id: null, label: "tolk CLI", ip: null };
