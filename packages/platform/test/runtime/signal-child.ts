// Run by shutdown-signals.test.ts in a child process: reports what onShutdownSignals decides for
// the signals it is sent, one line each, and stays up until told to stop.
import { onShutdownSignals } from "../../src/runtime/shutdown-signals";

onShutdownSignals({
  shutdown: (signal) => console.log(`shutdown ${signal}`),
  duplicate: (signal) => console.log(`duplicate ${signal}`),
  force: (signal) => console.log(`force ${signal}`),
});
console.log("ready");
setInterval(() => undefined, 1_000);
