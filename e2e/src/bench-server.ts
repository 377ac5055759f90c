import { benchDatabase } from "./bench-database";
import { cpuProfileEnv } from "./proc";
import { type RunningServer, startServer, tempDataDir, tolk } from "./server";

/** Enterprise limits that never bind: a benchmark measures work, not 429s or 402s. */
const UNBOUNDED_LIMITS = {
  api_per_min: 1_000_000_000,
  translate_per_min: 1_000_000_000,
  segment_per_min: 1_000_000_000,
  monthly_credits: 1_000_000_000,
  max_text_chars: 1_000_000,
};

export interface BenchServer {
  server: RunningServer;
  /** `Authorization` for the organization's API key. */
  auth: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A fresh production server for one part of a benchmark: a scratch data folder, the database of
 * `benchDatabase()`, one organization with `UNBOUNDED_LIMITS`, and the CPU profiler when
 * BENCH_CPU_PROF is set. `env` adds to (or blanks) the server's environment.
 */
export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const data = tempDataDir();
  const database = await benchDatabase();
  const serverEnv = { TOLK_DATA_DIR: data.dir, DATABASE_URL: database.url, REDIS_URL: database.redisUrl, ...env };
  const org = await tolk(
    ["org", "create", "--name", name, "--plan", "enterprise", "--limits", JSON.stringify(UNBOUNDED_LIMITS)],
    serverEnv,
  );
  const server = await startServer({ ...serverEnv, ...cpuProfileEnv() });
  return {
    server,
    auth: { Authorization: `Bearer ${String(org.api_key)}` },
    stop: async () => {
      await server.stop();
      data.remove();
      await database.drop();
    },
  };
}
