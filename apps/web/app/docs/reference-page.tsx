import "./docs.css";

import { ApiReference } from "./api-reference";
import { API_REFERENCES, DocsNav } from "./docs-nav";

/** One API's reference page: the links between the references, then the reference itself. */
export function ReferencePage({ href }: { href: (typeof API_REFERENCES)[number]["href"] }) {
  const reference = API_REFERENCES.find((r) => r.href === href) ?? API_REFERENCES[0];
  return (
    <>
      <DocsNav current={reference.href} />
      <main id="reference">
        <ApiReference url={reference.document} />
      </main>
    </>
  );
}
