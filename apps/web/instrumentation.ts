/** Runs once when the server starts (Node.js runtime only): see src/server/startup.ts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./src/server/startup");
    await startServer();
  }
}
