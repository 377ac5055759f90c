import { ReferencePage } from "./reference-page";

export const metadata = { title: "API reference" };

/** The /v1 API reference, rendered in the browser from /openapi.json. */
export default function DocsPage() {
  return <ReferencePage href="/docs" />;
}
