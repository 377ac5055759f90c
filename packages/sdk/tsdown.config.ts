import { readFileSync } from "node:fs";

import { defineConfig } from "tsdown";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

// One ESM file and its declarations. @tolk/contract (a private workspace package, a
// devDependency) is bundled in, its types too; zod stays a dependency for the types.
export default defineConfig({
  entry: ["src/index.ts"],
  format: "esm",
  platform: "neutral",
  target: "es2022",
  dts: { eager: true },
  clean: true,
  sourcemap: false,
  define: { __TOLK_SDK_VERSION__: JSON.stringify(version) },
});
