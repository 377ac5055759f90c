import config from "@tolk/eslint-config";

export default [
  ...config,
  {
    // The SDK runs in Node, Bun, Deno and browsers: web APIs only (fetch, FormData, Blob, web crypto).
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^node:", message: "The SDK must run outside Node too: use web APIs." }] },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Buffer", message: "Use Uint8Array." },
        { name: "process", message: "Not in browsers." },
      ],
    },
  },
];
