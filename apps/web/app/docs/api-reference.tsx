"use client";

import "@scalar/api-reference-react/style.css";

import { ApiReferenceReact } from "@scalar/api-reference-react";

/**
 * The reference as Scalar renders /openapi.json, bundled with the app: no fonts, telemetry,
 * agent or proxy from Scalar's servers (a self-hosted instance may have no internet at all).
 */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: "never",
        hideClientButton: true,
        agent: { disabled: true },
        mcp: { disabled: true },
        documentDownloadType: "json",
        // Every operation in the sidebar at once, as a reference to scan.
        defaultOpenAllTags: true,
      }}
    />
  );
}
