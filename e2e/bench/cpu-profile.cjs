// Loaded into the server by bench/cpu-per-request.ts when BENCH_CPU_PROF=<dir> is set
// (NODE_OPTIONS=--require): SIGUSR2 starts V8's sampling profiler, SIGTERM writes
// <dir>/server-<pid>.cpuprofile (open it in Chrome DevTools or speedscope) and exits.
const fs = require("node:fs");
const inspector = require("node:inspector");
const path = require("node:path");

const dir = process.env.TOLK_CPU_PROFILE_DIR;
const session = new inspector.Session();
session.connect();
let started = false;
process.on("SIGUSR2", () => {
  session.post("Profiler.enable", () =>
    session.post("Profiler.setSamplingInterval", { interval: 200 }, () =>
      session.post("Profiler.start", () => (started = true)),
    ),
  );
});
process.on("SIGTERM", () => {
  if (!started || !dir) process.exit(0);
  session.post("Profiler.stop", (_err, result) => {
    fs.writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    process.exit(0);
  });
});
