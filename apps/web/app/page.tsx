export default function Home() {
  return (
    <main style={{ maxWidth: 720, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1>Tolk</h1>
      <p>Self-hostable machine translation for organizations.</p>
      <p>
        <a href="/dashboard">Sign in to the console</a>
      </p>
      <p>
        The REST API lives under <code>/v1</code>: try <code>GET /v1/me</code> with your API key. Health:{" "}
        <a href="/healthz">/healthz</a>, readiness: <a href="/readyz">/readyz</a>.
      </p>
    </main>
  );
}
