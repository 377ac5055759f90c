import { preset } from "@tolk/vitest-config";

export default preset;
