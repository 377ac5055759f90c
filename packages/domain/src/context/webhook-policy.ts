/**
 * Where an organization's webhooks may go. A webhook URL is typed by a customer but requested by
 * the server, from inside the operator's network: without a rule it reaches the cloud metadata
 * service (169.254.169.254), the database or any internal admin page. So by default only https
 * to public unicast addresses; an operator opens plain http or named internal receivers.
 */
export interface WebhookTargetPolicy {
  /** Plain http:// URLs too (TOLK_WEBHOOK_ALLOW_HTTP=1). */
  allowHttp: boolean;
  /** Host names, addresses and CIDR ranges allowed whatever their address (TOLK_WEBHOOK_ALLOWED_HOSTS). */
  allowed: readonly string[];
}
