import Link from "next/link";

/** The references this instance serves, one per API, and the way back to the console. */
export const API_REFERENCES = [
  { href: "/docs", label: "Tolk API (/v1)", document: "/openapi.json" },
  { href: "/docs/deepl", label: "DeepL-compatible (/v2, /v3)", document: "/openapi/deepl.json" },
  { href: "/docs/libretranslate", label: "LibreTranslate-compatible", document: "/openapi/libretranslate.json" },
] as const;

export function DocsNav({ current }: { current: string }) {
  return (
    <header className="docs-nav">
      <nav aria-label="API references">
        <Link href="/dashboard">← Console</Link>
        {API_REFERENCES.map((r) => (
          <Link key={r.href} href={r.href} aria-current={r.href === current ? "page" : undefined}>
            {r.label}
          </Link>
        ))}
        <a href={API_REFERENCES.find((r) => r.href === current)?.document}>OpenAPI document</a>
      </nav>
    </header>
  );
}
