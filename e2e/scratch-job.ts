import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { startBenchServer } from "./src/bench-server";
import { cpuMs } from "./src/proc";
const t = await startBenchServer("job", { TOLK_STORAGE_DIR: "", S3_BUCKET: "" });
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const get = (path: string) => new Promise<number>((res, rej) => { const r = request(`${t.server.url}${path}`, { agent, headers: t.auth }, (x) => { x.resume(); x.on("end", () => res(x.statusCode ?? 0)); }); r.on("error", rej); r.end(); });
try {
  const form = new FormData();
  form.set("file", new Blob([readFileSync("../packages/formats/test/fixtures/libreoffice/report.docx")]), "report.docx");
  form.set("source_lang", "en"); form.set("target_lang", "es");
  const r = await fetch(`${t.server.url}/v1/translate/document`, { method: "POST", headers: t.auth, body: form });
  const j = (await r.json()) as { data: { job_id: string } };
  const pid = t.server.process.pid ?? 0;
  for (const [label, path] of [["me", "/v1/me"], ["job", `/v1/translate/${j.data.job_id}`], ["me", "/v1/me"], ["job", `/v1/translate/${j.data.job_id}`]]) {
    const c0 = cpuMs(pid); const t0 = performance.now(); let st = 0;
    for (let i = 0; i < 1000; i++) st = await get(path!);
    console.log(label, st, ((cpuMs(pid) - c0) / 1000).toFixed(2), "ms CPU/req", ((performance.now() - t0) / 1000).toFixed(2), "ms wall/req");
  }
} finally { agent.destroy(); await t.stop(); }
