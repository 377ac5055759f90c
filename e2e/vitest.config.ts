import { preset } from "@tolk/vitest-config";
import { mergeConfig } from "vitest/config";

// Black-box tests start production servers: give them time, and run files one at a time, each
// in a fresh process (they import little; what they start is outside the test process).
export default mergeConfig(preset, {
  test: { testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, isolate: true },
});
