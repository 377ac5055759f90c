"use client";

import "@scalar/api-reference-react/style.css";

import { ApiReferenceReact } from "@scalar/api-reference-react";

/**
 * A reference as Scalar renders an OpenAPI document of this instance, bundled with the app: no
 * fonts, telemetry, agent or proxy from Scalar's servers (a self-hosted instance may have no
 * internet at all).
 */
export function ApiReference({ url }: { url: string }) {
  return (
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
        // The theme's sidebar grey (the search box's text) is below WCAG AA's 4.5:1 contrast.
        customCss: ".light-mode { --scalar-sidebar-color-2: #4b5563; } .dark-mode { --scalar-sidebar-color-2: #c9d1d9; }",
      }}
    />
  );
}
