import config, { noAppImports } from "@tolk/eslint-config";

// The domain holds rules only: the adapters (and the libraries only they use) live in
// @tolk/platform, which depends on the domain, never the other way (docs/architecture.md).
// The layers inside the domain are checked by test/architecture.test.ts.
export default [
  ...config,
  {
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noAppImports,
            {
              group: ["@tolk/platform", "@tolk/platform/*", "@tolk/trpc", "@tolk/eval", "@tolk/sdk"],
              message:
                "The domain imports no outer package: declare a port in src/ports and give @tolk/platform the adapter.",
            },
            {
              group: ["pino", "pino-pretty", "ioredis", "prom-client", "@aws-sdk/*", "@opentelemetry/*"],
              message: "Infrastructure libraries belong to adapters in @tolk/platform, behind a port of src/ports.",
            },
          ],
        },
      ],
    },
  },
];
