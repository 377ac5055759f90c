import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { enginesConfig } from "@tolk/platform";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { readEnv } from "../src/env";

// compose.yaml (the production topology) checked by a real validator: docker-compose resolves
// and validates it against the compose schema, with the secrets a .env would give; then the
// resolved services are checked against what Tolk reads, the optional engine profiles included. deploy/haproxy.cfg is checked by
// haproxy itself with the addresses compose gives it.
const run = promisify(execFile);
const root = resolve(import.meta.dirname, "..", "..", "..");
const secrets = {
  POSTGRES_PASSWORD: "pg-secret",
  AUTH_SECRET: "a".repeat(40),
  TOLK_DOWNLOAD_SECRET: "d".repeat(40),
  MINIO_ROOT_USER: "tolk",
  MINIO_ROOT_PASSWORD: "minio-secret",
};
const scratch = mkdtempSync(join(tmpdir(), "tolk-compose-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | null>;
  healthcheck?: { disable?: boolean; test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  volumes?: string[];
}

async function composeConfig(
  file: string,
  env: Record<string, string>,
): Promise<{ services: Record<string, Service> }> {
  const { stdout } = await run("docker-compose", ["-f", file, "config"], {
    cwd: root,
    // Only these variables: a secret set in the caller's shell must not stand in for a missing one.
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: scratch, ...env },
  });
  return parse(stdout) as { services: Record<string, Service> };
}

const environmentOf = (service: Service | undefined) =>
  Object.fromEntries(Object.entries(service?.environment ?? {}).map(([k, v]) => [k, v === null ? "" : String(v)]));

describe("compose.yaml", () => {
  it("is a valid compose file with the production topology", async () => {
    const { services } = await composeConfig("compose.yaml", secrets);
    // The engine profiles' services are listed by `config` whatever the profiles (docker-compose 1.x).
    const core = Object.keys(services).filter((name) => !(services[name]?.profiles ?? []).length);
    expect(core.sort()).toEqual(["app-1", "app-2", "minio", "minio-bucket", "postgres", "proxy", "redis", "worker"]);
    for (const name of ["app-1", "app-2", "worker"]) expect(services[name]?.image).toBe("localhost/tolk:latest");
    expect(services.worker?.command).toEqual(["tolk", "worker"]);
    // docker-compose writes `disable: true` as the equivalent test NONE.
    expect(services.worker?.healthcheck?.test).toEqual(["NONE"]);
    expect(services["app-1"]?.depends_on?.postgres?.condition).toBe("service_healthy");
  });

  it("gives every Tolk process the same variables, each one the app reads, with valid values", async () => {
    const { services } = await composeConfig("compose.yaml", secrets);
    const app1 = environmentOf(services["app-1"]);
    expect(Object.keys(app1).length).toBeGreaterThan(10);
    expect(environmentOf(services["app-2"])).toEqual(app1);
    expect(environmentOf(services.worker)).toEqual(app1);
    expect(app1).toMatchObject({
      DATABASE_URL: `postgres://tolk:${secrets.POSTGRES_PASSWORD}@postgres:5432/tolk`,
      AUTH_SECRET: secrets.AUTH_SECRET,
      TOLK_DOWNLOAD_SECRET: secrets.TOLK_DOWNLOAD_SECRET,
      S3_ACCESS_KEY_ID: secrets.MINIO_ROOT_USER,
      S3_SECRET_ACCESS_KEY: secrets.MINIO_ROOT_PASSWORD,
      TOLK_WORKER: "off",
    });
    // The app's own schema: a value it refuses throws; a name it does not know is dropped.
    const parsed = readEnv(app1) as Record<string, unknown>;
    // An empty value is an unset variable (the optional engines'): readEnv drops it.
    for (const name of Object.keys(app1).filter((n) => app1[n] !== "")) expect(parsed, name).toHaveProperty(name);
    expect(parsed.S3_FORCE_PATH_STYLE).toBe("1");
  });

  it("runs LibreTranslate and Ollama in their profiles, and the .env lines of the example point every Tolk process at them", async () => {
    // The commented engine lines of deploy/compose.env.example, as an operator uncomments them.
    const example = readFileSync(join(root, "deploy", "compose.env.example"), "utf8");
    const lines = Object.fromEntries(
      [...example.matchAll(/^#([A-Z_]+)=(.*)$/gmu)]
        .filter(([, name]) => !name?.startsWith("DEEPL"))
        .map(([, name, value]) => [name ?? "", value ?? ""]),
    );
    const { services } = await composeConfig("compose.yaml", {
      ...secrets,
      ...lines,
      COMPOSE_PROFILES: "libretranslate,ollama",
    });
    expect(services.libretranslate).toMatchObject({
      profiles: ["libretranslate"],
      environment: { LT_LOAD_ONLY: expect.stringMatching(/\bde\b/u) },
    });
    expect(services.libretranslate?.volumes?.[0]).toMatch(/^libretranslate-models:/u);
    expect(services.ollama?.profiles).toEqual(["ollama"]);
    expect(services.ollama?.volumes?.[0]).toMatch(/^ollama-models:/u);
    expect(services["ollama-pull"]?.command?.join(" ")).toContain(`ollama pull "${lines.LLM_MODEL_STANDARD}"`);
    for (const name of ["app-1", "app-2", "worker"]) {
      const config = enginesConfig(readEnv(environmentOf(services[name])));
      expect(config.libretranslate?.url, name).toBe("http://libretranslate:5000");
      expect(config.llm, name).toMatchObject({
        baseUrl: "http://ollama:11434/v1",
        models: { standard: lines.LLM_MODEL_STANDARD },
      });
      expect(config.routes, name).toEqual([{ source: "*", target: "*", engine: "apertium" }]);
    }
    // Without the lines no engine but Apertium is configured.
    const plain = enginesConfig(
      readEnv(environmentOf((await composeConfig("compose.yaml", secrets)).services["app-1"])),
    );
    expect({ libretranslate: plain.libretranslate, llm: plain.llm, deepl: plain.deepl }).toEqual({
      libretranslate: undefined,
      llm: undefined,
      deepl: undefined,
    });
  });

  it("refuses to start without the shared secrets", async () => {
    const { POSTGRES_PASSWORD: _, ...withoutPassword } = secrets;
    await expect(composeConfig("compose.yaml", withoutPassword)).rejects.toThrow(/set POSTGRES_PASSWORD/);
  });

  it("the validator rejects a service option that does not exist", async () => {
    const broken = join(scratch, "compose.yaml");
    writeFileSync(
      broken,
      readFileSync(join(root, "compose.yaml"), "utf8").replace(
        "restart: unless-stopped",
        "restart_policy: unless-stopped",
      ),
    );
    await expect(composeConfig(broken, secrets)).rejects.toThrow(/restart_policy/);
  });

  it("deploy/haproxy.cfg is valid for haproxy with the addresses compose gives it", async () => {
    const { services } = await composeConfig("compose.yaml", secrets);
    const proxyEnv = environmentOf(services.proxy);
    expect(proxyEnv).toMatchObject({ TOLK_APP1: "app-1:3000", TOLK_APP2: "app-2:3000" });
    // haproxy resolves server names when it checks: the compose host names become loopback.
    const cfg = join(scratch, "haproxy.cfg");
    copyFileSync(join(root, "deploy", "haproxy.cfg"), cfg);
    const env = {
      ...proxyEnv,
      NODE_ENV: "test" as const,
      TOLK_APP1: "127.0.0.1:3000",
      TOLK_APP2: "127.0.0.1:3001",
      PATH: process.env.PATH ?? "",
    };
    const { stdout } = await run("haproxy", ["-c", "-f", cfg], { env });
    expect(stdout).toMatch(/Configuration file is valid/);
    await expect(run("haproxy", ["-c", "-f", cfg], { env: { ...env, TOLK_APP2: "" } })).rejects.toThrow();
  });
});
