import { randomBytes } from "node:crypto";

import postgres from "postgres";

export interface BenchDatabase {
  /** DATABASE_URL for the server ("" = the embedded PGlite). */
  url: string;
  /** REDIS_URL for the server ("" = in-process rate limits). */
  redisUrl: string;
  /** For the report: "PGlite, in-process rate limits" or "PostgreSQL, Redis". */
  label: string;
  drop(): Promise<void>;
}

/**
 * The database a benchmark's server runs on: the embedded defaults, or with BENCH_DATABASE_URL
 * (and BENCH_REDIS_URL) the production twins, on a fresh database created for the run and
 * dropped after it, so runs never share state.
 */
export async function benchDatabase(): Promise<BenchDatabase> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? "";
  const label = benchDatabaseLabel();
  if (!pgUrl) return { url: "", redisUrl, label, drop: () => Promise.resolve() };
  const name = `tolk_bench_${randomBytes(4).toString("hex")}`;
  const admin = () => postgres(pgUrl, { max: 1, onnotice: () => {} });
  const create = admin();
  await create.unsafe(`create database "${name}"`);
  await create.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    redisUrl,
    label,
    drop: async () => {
      const drop = admin();
      await drop.unsafe(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

export function benchDatabaseLabel(): string {
  return `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${process.env.BENCH_REDIS_URL ? "Redis" : "in-process"} rate limits`;
}
