// The image's HEALTHCHECK: healthy while /readyz answers 2xx on this container's port.
const port = process.env.PORT ?? "3000";
try {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
