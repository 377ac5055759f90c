import { ReferencePage } from "../reference-page";

export const metadata = { title: "DeepL-compatible API reference" };

/** The reference of /v2 and /v3, rendered from /openapi/deepl.json. */
export default function DeeplDocsPage() {
  return <ReferencePage href="/docs/deepl" />;
}
