import { startServer, tempDataDir, tolk } from "../src/server";

/**
 * One production server on a fresh embedded database, seeded with the CLI exactly as the
 * README's first start does. Tests read what they need from the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const data = tempDataDir();
  const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
  const seeded = await tolk(["seed"], env);
  const server = await startServer(env);
  process.env.TOLK_E2E_URL = server.url;
  process.env.TOLK_E2E_ADMIN_EMAIL = String(seeded.admin_email);
  process.env.TOLK_E2E_ADMIN_PASSWORD = String(seeded.admin_password);
  return async () => {
    await server.stop();
    if (process.env.TOLK_E2E_KEEP_LOG) console.log(server.output());
    data.remove();
  };
}
