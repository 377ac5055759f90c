/** Who made a change: a console user, an API key (or session token) on /v1, or the `tolk` CLI. */
export interface AuditActor {
  type: "user" | "api_key" | "cli";
  id: string | null;
  /** Shown in the log: an e-mail, a key's hint, "tolk CLI". */
  label: string;
  /** The client's address, when the change came over HTTP. */
  ip: string | null;
}
