import { preset } from "@tolk/vitest-config";
import { mergeConfig } from "vitest/config";

// Each file in a fresh process: the Apertium tests count the test process's child processes
// (none left after close), which another file's engines in the same process would add to.
export default mergeConfig(preset, { test: { isolate: true } });
