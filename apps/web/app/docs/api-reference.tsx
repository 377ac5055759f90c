"use client";

import "@scalar/api-reference-react/style.css";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import { useEffect, useRef } from "react";

import { SCALAR_CONTRAST_CSS, repairScalarAccessibility } from "./scalar-accessibility";

/**
 * A reference as Scalar renders an OpenAPI document of this instance, bundled with the app: no
 * fonts, telemetry, agent or proxy from Scalar's servers (a self-hosted instance may have no
 * internet at all).
 */
export function ApiReference({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? repairScalarAccessibility(container.current) : undefined), []);
  return (
    <div ref={container}>
      <ApiReferenceReact
        configuration={{
          url,
          withDefaultFonts: false,
          telemetry: false,
          showDeveloperTools: "never",
          hideClientButton: true,
          agent: { disabled: true },
          mcp: { disabled: true },
          documentDownloadType: "json",
          // Every operation in the sidebar at once, as a reference to scan.
          defaultOpenAllTags: true,
          customCss: SCALAR_CONTRAST_CSS,
        }}
      />
    </div>
  );
}
