import { readFileSync } from "node:fs";

import { preset } from "@tolk/vitest-config";
import { mergeConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

// The version the build writes into the bundle (tsdown.config.ts), so tests see the published User-Agent.
export default mergeConfig(preset, { define: { __TOLK_SDK_VERSION__: JSON.stringify(version) } });
