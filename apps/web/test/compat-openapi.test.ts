import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { describe, expect, it } from "vitest";

import { deeplOpenApiDocument } from "../src/server/compat/deepl/openapi";
import { libreTranslateOpenApiDocument } from "../src/server/compat/libretranslate/openapi";

interface Doc {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { operationId: string; summary: string; responses: Record<string, unknown> }>>;
  components: { responses: Record<string, unknown> };
}

const appDir = join(import.meta.dirname, "..", "app");

/** The API paths the app serves under a folder: every route.ts except the catch-alls that answer 404 in the API's shape. */
function servedPaths(prefix: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") found.push(`/${relative(appDir, dir)}`);
    }
  };
  walk(join(appDir, prefix));
  return found
    .filter((p) => p !== `/${prefix}` && !/\/\[\.\.\./u.test(p))
    .map((p) =>
      p
        .replace(/\/\[\[\.\.\.path\]\]$/u, "/*")
        .replace(/\[id\]/u, prefix === "v2" && p.includes("document") ? "{document_id}" : "{glossary_id}"),
    );
}

const documents: [string, Doc, string[]][] = [
  ["DeepL-compatible", deeplOpenApiDocument("https://tolk.acme.test/") as unknown as Doc, ["v2", "v3"]],
  [
    "LibreTranslate-compatible",
    libreTranslateOpenApiDocument("https://tolk.acme.test/") as unknown as Doc,
    ["libretranslate"],
  ],
];

describe.each(documents)("the %s API's OpenAPI document", (_name, doc, prefixes) => {
  it("documents every route the app serves, and nothing it does not", () => {
    const served = prefixes.flatMap(servedPaths);
    // A route that takes any path below it ("/v2/write/*") is documented by the paths it answers.
    const covers = (route: string, path: string) =>
      route === path || (route.endsWith("/*") && (path === route.slice(0, -2) || path.startsWith(route.slice(0, -1))));
    const documented = Object.keys(doc.paths);
    for (const route of served)
      expect(
        documented.some((path) => covers(route, path)),
        `${route} is not documented`,
      ).toBe(true);
    for (const path of documented)
      expect(
        served.some((route) => covers(route, path)),
        `${path} is not served`,
      ).toBe(true);
  });

  it("gives every operation a unique id, a summary, and answers whose error references exist", () => {
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.summary.length, op.operationId).toBeGreaterThan(0);
      expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
      for (const answer of Object.values(op.responses) as { $ref?: string }[]) {
        if (answer.$ref)
          expect(
            doc.components.responses[answer.$ref.replace("#/components/responses/", "")],
            answer.$ref,
          ).toBeDefined();
      }
    }
  });
});
