import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";

import ipaddr from "ipaddr.js";
import { z } from "zod";

import { type WebhookTargetPolicy } from "../context/webhook-policy";
import { badRequest } from "../errors";

export type { WebhookTargetPolicy };

export const STRICT_WEBHOOK_POLICY: WebhookTargetPolicy = { allowHttp: false, allowed: [] };

export const webhooksEnvSchema = {
  TOLK_WEBHOOK_ALLOW_HTTP: z.enum(["0", "1"]).default("0"),
  TOLK_WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default("")
    .refine((v) => parseAllowList(v) !== null, "a comma-separated list of host names, IP addresses and CIDR ranges"),
};

export function webhookPolicyFromEnv(env: {
  TOLK_WEBHOOK_ALLOW_HTTP: "0" | "1";
  TOLK_WEBHOOK_ALLOWED_HOSTS: string;
}): WebhookTargetPolicy {
  return {
    allowHttp: env.TOLK_WEBHOOK_ALLOW_HTTP === "1",
    allowed: parseAllowList(env.TOLK_WEBHOOK_ALLOWED_HOSTS) ?? [],
  };
}

function parseAllowList(value: string): string[] | null {
  const items = value
    .split(",")
    .map((i) => i.trim().toLowerCase())
    .filter(Boolean);
  const valid = (item: string) =>
    ipaddr.isValid(item) ||
    cidrOf(item) !== null ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/u.test(item);
  return items.every(valid) ? items : null;
}

function cidrOf(item: string): ReturnType<typeof ipaddr.parseCIDR> | null {
  try {
    return ipaddr.parseCIDR(item);
  } catch {
    return null;
  }
}

/** Why an address may not receive webhooks, or null when it may. */
export function refusedAddress(address: string, policy: WebhookTargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 one it carries.
  const parsed = ipaddr.process(address);
  for (const item of policy.allowed) {
    if (ipaddr.isValid(item) && ipaddr.process(item).toNormalizedString() === parsed.toNormalizedString()) return null;
    const range = cidrOf(item);
    if (range && range[0].kind() === parsed.kind() && parsed.match(range)) return null;
  }
  const kind = parsed.range();
  return kind === "unicast" ? null : `${address} is a ${kind} address`;
}

const WEBHOOK_URL_FIELD = { name: "webhook URL", param: "webhookUrl" };

/**
 * Checks a webhook URL (or another URL an organization gives the server to call: its DeepL
 * server, named by `field`) as it is saved: scheme, no credentials in it, and a host that is neither
 * a refused address nor a local name. Names are checked again, resolved, at every delivery.
 */
export function checkWebhookUrl(
  raw: string,
  policy: WebhookTargetPolicy,
  field: { name: string; param: string } = WEBHOOK_URL_FIELD,
): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`The ${field.name} must be an https:// URL.`, field.param);
  }
  const schemes = policy.allowHttp ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol) || raw.length > 2000) {
    throw badRequest(
      policy.allowHttp
        ? `The ${field.name} must be an http:// or https:// URL.`
        : `The ${field.name} must be an https:// URL (plain http is off on this server).`,
      field.param,
    );
  }
  if (url.username || url.password)
    throw badRequest(`The ${field.name} must not carry a user name or password.`, field.param);
  const host = url.hostname.replace(/^\[|\]$/gu, "").toLowerCase();
  if (policy.allowed.includes(host)) return url;
  const reason = isIP(host)
    ? refusedAddress(host, policy)
    : host === "localhost" || host.endsWith(".localhost") || !host.includes(".")
      ? `${host} is a local name`
      : null;
  if (reason)
    throw badRequest(
      `The ${field.name} cannot point into the server's own network (${reason}); an operator can allow it with TOLK_WEBHOOK_ALLOWED_HOSTS.`,
      field.param,
    );
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses it when any of its addresses
 * is refused: checked on the address the connection is made to, so a name that resolved to a
 * public address when saved and to an internal one now (DNS rebinding) is caught.
 */
export function guardedLookup(policy: WebhookTargetPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const host = hostname.toLowerCase();
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!policy.allowed.includes(host)) {
        for (const { address } of addresses) {
          const reason = refusedAddress(address, policy);
          if (reason)
            return callback(
              Object.assign(new Error(`webhook target refused: ${hostname} resolves to ${reason}`), {
                code: "EWEBHOOKTARGET",
              }),
              [],
            );
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
