import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

import { describe, expect, it } from "vitest";

// The shape docs/architecture.md describes, checked on every file of domain's source: the
// domain holds rules only (no adapter, no app), and its areas import only their own layer or
// the ones below it, so a change at the bottom never has to know what sits on top.
const SRC = process.env.TOLK_ARCHITECTURE_SRC ?? join(import.meta.dirname, "..", "src");

/** Bottom first. An area may import its own layer and the layers below it. */
const LAYERS: readonly (readonly string[])[] = [
  ["ports", "errors", "parse-input", "secrets", "shared"],
  ["context", "plans"],
  ["audit", "analysis", "catalog", "keys", "idempotency", "health", "usage"],
  ["auth"],
  ["accounts", "alerts", "billing", "invitations", "members", "rate-limit", "request-log"],
  ["resources", "translation"],
  ["documents", "organizations"],
  // What other packages read: the package's entry points and its test fixtures.
  ["index", "evaluation", "testing"],
];

/** Packages the rules must not reach: the apps, the adapters' package and the libraries only adapters use. */
const FORBIDDEN = [
  /^@tolk\/(platform|web|cli|trpc|eval|sdk)(\/|$)/,
  /^(pino|pino-pretty|ioredis|prom-client)$/,
  /^@aws-sdk\//,
  /^@opentelemetry\//,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? "",
  );
}

/** `billing/debit-credits.ts` → billing; `context.ts` and `context/actor.ts` → context. */
function areaOf(path: string): string {
  const first = relative(SRC, path).split("/")[0] ?? "";
  return first.replace(/\.ts$/, "");
}

const layerOf = new Map(LAYERS.flatMap((areas, i) => areas.map((a) => [a, i] as const)));
const files = sourceFiles(SRC);

describe("domain's architecture", () => {
  it("places every area in a layer", () => {
    expect([...new Set(files.map(areaOf))].filter((a) => !layerOf.has(a)).sort()).toEqual([]);
  });

  it("imports no app, no adapter package and no infrastructure library", () => {
    const offending = files.flatMap((f) =>
      importsOf(f)
        .filter((spec) => FORBIDDEN.some((re) => re.test(spec)))
        .map((spec) => `${relative(SRC, f)} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it("lists no infrastructure library among its dependencies", () => {
    const manifest = JSON.parse(readFileSync(join(SRC, "..", "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => FORBIDDEN.some((re) => re.test(name)))).toEqual(
      [],
    );
  });

  it("imports only its own layer or the layers below it", () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = areaOf(file);
      for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
        const to = areaOf(normalize(join(dirname(file), spec)));
        if ((layerOf.get(to) ?? 0) > (layerOf.get(from) ?? 0))
          upward.push(`${relative(SRC, file)} (${from}) → ${spec} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("keeps the ports free of rules: a port imports only other ports", () => {
    const ports = files.filter((f) => areaOf(f) === "ports");
    const reaching = ports.flatMap((f) =>
      importsOf(f).filter((s) => s.startsWith(".") && areaOf(normalize(join(dirname(f), s))) !== "ports"),
    );
    expect(reaching).toEqual([]);
  });
});
