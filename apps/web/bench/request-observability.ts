/**
 * `pnpm --filter @tolk/web exec tsx bench/request-observability.ts > /dev/null`: the CPU that
 * observing one request costs on the hot path, by part, in this process: the wrapper every /v1
 * and console request runs through (observeRequest: shutdown admission, in-flight count, route
 * template, no-op span), then with the Prometheus metrics, the JSON access-log line (to stdout,
 * so redirect it), and a recording OpenTelemetry span exported to a local OTLP receiver. Each
 * step adds one part to the previous; a trivial handler answers, so the figures are the
 * observation's own cost. Results go to stderr. BENCH_REQUESTS (default 50000) per step.
 */
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";

import { configureLogger, prometheusMetrics, startTracing } from "@tolk/platform";

import { readEnv } from "../src/env";
import { observeRequest } from "../src/server/v1/observe";

const requests = Number(process.env.BENCH_REQUESTS ?? 50_000);
const url = "http://127.0.0.1/v1/glossaries/gls_123";
const handler = () => Promise.resolve(new Response("ok", { status: 200 }));
const refuse = () => new Response(null, { status: 503 });

async function measure(label: string, one: (req: Request) => Promise<Response>): Promise<number> {
  for (let i = 0; i < 2_000; i++) await one(new Request(url));
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < requests; i++) await one(new Request(url));
  const cpu = process.cpuUsage(cpu0);
  const us = (cpu.user + cpu.system) / requests;
  process.stderr.write(`${label.padEnd(58)} ${us.toFixed(2)} µs CPU per request\n`);
  return us;
}

const observed = (req: Request) => observeRequest(req, "req-1", "/v1/glossaries/[id]", refuse, handler);

configureLogger({ level: "silent", format: "json" });
const bare = await measure("handler alone (Request + Response)", handler);
const wrapper = await measure("+ observeRequest (no metrics, no log, no-op span)", observed);
prometheusMetrics();
const withMetrics = await measure("+ Prometheus metrics (counter + histogram)", observed);
configureLogger({ level: "info", format: "json" });
const withLog = await measure("+ JSON access-log line to stdout", observed);

const receiver = createServer((req, res) =>
  req.resume().on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}")),
);
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
const port = (receiver.address() as AddressInfo).port;
const flush = await startTracing(readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` }));
const withSpans = await measure("+ recording span, exported over OTLP (batched)", observed);
await flush?.();
receiver.close();

process.stderr.write(
  `\nper request: wrapper ${(wrapper - bare).toFixed(2)} µs, metrics ${(withMetrics - wrapper).toFixed(2)} µs, ` +
    `access log ${(withLog - withMetrics).toFixed(2)} µs, recording span ${(withSpans - withLog).toFixed(2)} µs ` +
    `(${requests} requests per step, node ${process.version})\n`,
);
