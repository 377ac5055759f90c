import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";

import { type Operation, operations } from "@tolk/contract";
import { describe, expect, it } from "vitest";

import { type OperationHandler } from "../src/server/v1/route";

// Every /v1 route file serves operations of the contract, and every operation has its route: the
// route folder's path is the operation's path ([name] for {name}), its method the export's.
const v1Dir = resolve(import.meta.dirname, "..", "app", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name === "route.ts" ? [join(dir, e.name)] : [],
  );
}

/** `app/v1/glossaries/[id]/entries/[entry_id]/route.ts` → `/v1/glossaries/{id}/entries/{entry_id}`. */
const pathOf = (file: string) =>
  `/v1/${relative(v1Dir, file)}`.replace(/\/?route\.ts$/u, "").replace(/\[(\w+)\]/gu, "{$1}");

describe("the /v1 routes and the contract's operations", () => {
  it("agree: each route file's methods are operations at its path, and each operation is served", async () => {
    const served: string[] = [];
    const problems: string[] = [];
    for (const file of routeFiles(v1Dir)) {
      const path = pathOf(file);
      // The not-found catch-alls (`/v1` itself and `[...path]`) serve no operation.
      if (path === "/v1" || path.includes("[...")) continue;
      const mod = (await import(file)) as Partial<Record<(typeof METHODS)[number], OperationHandler>>;
      const ops = METHODS.map((m) => [m, mod[m]?.operation] as const).filter(
        (e): e is readonly [(typeof METHODS)[number], Operation] => e[1] !== undefined,
      );
      if (ops.length === 0) problems.push(`${path}: a route file without an operation`);
      for (const [method, op] of ops) {
        if (op.path !== path || op.method !== method)
          problems.push(`${method} ${path} serves ${op.operationId} (${op.method} ${op.path})`);
        served.push(op.operationId);
      }
    }
    for (const op of Object.values(operations))
      if (!served.includes(op.operationId)) problems.push(`${op.operationId} (${op.method} ${op.path}) has no route`);
    expect(problems).toEqual([]);
    expect(served.sort()).toEqual(Object.keys(operations).sort());
  });
});
