import { ReferencePage } from "../reference-page";

export const metadata = { title: "LibreTranslate-compatible API reference" };

/** The reference of /libretranslate, rendered from /openapi/libretranslate.json. */
export default function LibreTranslateDocsPage() {
  return <ReferencePage href="/docs/libretranslate" />;
}
