import { fileURLToPath } from "node:url";

import { preset } from "@tolk/vitest-config";
import { mergeConfig } from "vitest/config";

export default mergeConfig(preset, {
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
});
