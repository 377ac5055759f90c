import {
  brandVoiceResponse,
  glossaryListResponse,
  glossaryResponse,
  importResponse,
  memorySearchResponse,
  projectResponse,
  translateResponse,
} from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as brandVoice from "../app/v1/brand-voices/[id]/route";
import * as brandVoices from "../app/v1/brand-voices/route";
import * as glossaryEntry from "../app/v1/glossaries/[id]/entries/[entry_id]/route";
import * as glossaryEntries from "../app/v1/glossaries/[id]/entries/route";
import * as glossaryExport from "../app/v1/glossaries/[id]/export/route";
import * as glossaryImport from "../app/v1/glossaries/[id]/import/route";
import * as glossary from "../app/v1/glossaries/[id]/route";
import * as glossaries from "../app/v1/glossaries/route";
import * as memoryExport from "../app/v1/memories/[id]/export/route";
import * as memoryImport from "../app/v1/memories/[id]/import/route";
import * as memory from "../app/v1/memories/[id]/route";
import * as memoryUnit from "../app/v1/memories/[id]/units/[unit_id]/route";
import * as memoryUnits from "../app/v1/memories/[id]/units/route";
import * as memories from "../app/v1/memories/route";
import * as projectArchive from "../app/v1/projects/[id]/archive/route";
import * as project from "../app/v1/projects/[id]/route";
import * as projects from "../app/v1/projects/route";
import * as translate from "../app/v1/translate/route";
import { type Handler, type Harness, type Reply, call, expectConventions, expectError, startApp } from "./helpers";

// The management API of glossaries, memories, brand voices and projects through the route
// handlers, on a real database (PGlite, or PostgreSQL with TOLK_TEST_DATABASE_URL).
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const upload = (name: string, content: string, format?: string) => {
  const form = new FormData();
  form.set("file", new Blob([content]), name);
  if (format) form.set("format", format);
  return { method: "POST", body: form };
};
const dataOf = <T>(r: Reply) => (r.json as { data: T }).data;

async function newGlossary(token: string | undefined, body: Record<string, unknown> = {}) {
  const r = await call(h, glossaries.POST, "/v1/glossaries", {
    method: "POST",
    token,
    ...json({ name: "G", source_lang: "en", target_lang: "es", ...body }),
  });
  expect(r.status, r.text).toBe(201);
  return glossaryResponse.parse(r.json).data;
}

describe("glossaries", () => {
  it("create, get, list by pages, rename, entries, delete", async () => {
    const org = await h.org({ plan: "professional" });
    const token = org.keys.all?.key;
    const g = await newGlossary(token, { entries: [{ source: "file", target: "archivo" }] });
    expect(g).toMatchObject({
      id: expect.stringMatching(/^gls_/),
      name: "G",
      source_lang: "en",
      target_lang: "es",
      entry_count: 1,
    });
    const second = await newGlossary(token, { name: "Second", source_lang: "EN", target_lang: "fr-FR" });
    expect(second).toMatchObject({ source_lang: "en", target_lang: "fr" });

    const page1 = glossaryListResponse.parse(
      (await call(h, glossaries.GET, "/v1/glossaries?limit=1", { token })).json,
    ).data;
    expect(page1).toMatchObject({ items: [{ id: g.id }], has_more: true });
    const page2 = glossaryListResponse.parse(
      (await call(h, glossaries.GET, `/v1/glossaries?limit=1&starting_after=${g.id}`, { token })).json,
    ).data;
    expect(page2).toMatchObject({ items: [{ id: second.id }], has_more: false });
    expectError(
      await call(h, glossaries.GET, "/v1/glossaries?starting_after=gls_nope", { token }),
      400,
      "bad_request",
      "invalid_request_error",
    );

    const params = { id: g.id };
    const renamed = await call(h, glossary.PATCH, `/v1/glossaries/${g.id}`, {
      method: "PATCH",
      token,
      params,
      ...json({ name: "Renamed" }),
    });
    expect(dataOf<{ name: string }>(renamed).name).toBe("Renamed");

    const added = await call(h, glossaryEntries.POST, `/v1/glossaries/${g.id}/entries`, {
      method: "POST",
      token,
      params,
      ...json({
        entries: [
          { source: "folder", target: "carpeta" },
          { source: "file", target: "fichero" },
        ],
      }),
    });
    expect(added.status).toBe(201);
    const entries = dataOf<{ items: { id: string; source: string; target: string }[] }>(
      await call(h, glossaryEntries.GET, `/v1/glossaries/${g.id}/entries`, { token, params }),
    ).items;
    expect(entries.map((e) => [e.source, e.target])).toEqual([
      ["file", "fichero"],
      ["folder", "carpeta"],
    ]);
    const folder = entries.find((e) => e.source === "folder");
    const del = await call(h, glossaryEntry.DELETE, "/v1/x", {
      method: "DELETE",
      token,
      params: { id: g.id, entry_id: folder?.id ?? "" },
    });
    expect(dataOf(del)).toEqual({ id: folder?.id, deleted: true });
    expect(dataOf<{ entry_count: number }>(await call(h, glossary.GET, "/v1/x", { token, params })).entry_count).toBe(
      1,
    );

    expect(dataOf(await call(h, glossary.DELETE, "/v1/x", { method: "DELETE", token, params }))).toEqual({
      id: g.id,
      deleted: true,
    });
    expectError(await call(h, glossary.GET, "/v1/x", { token, params }), 404, "not_found", "invalid_request_error");
  });

  it("refuses bad bodies with 400 naming the field", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const cases: [unknown, string][] = [
      [{ source_lang: "en", target_lang: "es" }, "name"],
      [{ name: "x", source_lang: "en", target_lang: "en" }, "target_lang"],
      [{ name: "x", source_lang: "xx", target_lang: "es" }, "source_lang"],
      [
        { name: "x", source_lang: "en", target_lang: "es", entries: [{ source: " ", target: "a" }] },
        "entries.0.source",
      ],
    ];
    for (const [body, param] of cases) {
      const r = await call(h, glossaries.POST, "/v1/glossaries", { method: "POST", token, ...json(body) });
      expect(expectError(r, 400, "bad_request", "invalid_request_error").param, JSON.stringify(body)).toBe(param);
    }
  });

  it("imports CSV, TSV and TBX, exports them, and round-trips every entry", async () => {
    const org = await h.org({ plan: "professional" });
    const token = org.keys.all?.key;
    const g = await newGlossary(token);
    const csv =
      'source,target\nfile,archivo\n"save, then close","guardar y cerrar"\n"the ""quoted"" term",término citado\n';
    const imp = await call(h, glossaryImport.POST, "/v1/x", {
      token,
      params: { id: g.id },
      ...upload("terms.csv", csv),
    });
    expect(importResponse.parse(imp.json).data).toEqual({ imported: 3, skipped: 0 });
    const tsv = "en\tes\nfolder\tcarpeta\n";
    expect(
      dataOf(
        await call(h, glossaryImport.POST, "/v1/x", {
          token,
          params: { id: g.id },
          ...upload("terms.txt", tsv, "tsv"),
        }),
      ),
    ).toEqual({
      imported: 1,
      skipped: 0,
    });

    const csvOut = await call(h, glossaryExport.GET, `/v1/glossaries/${g.id}/export?format=csv`, {
      token,
      params: { id: g.id },
    });
    expect(csvOut.status).toBe(200);
    expect(csvOut.res.headers.get("content-type")).toContain("text/csv");
    // Named after the glossary, not its id.
    expect(csvOut.res.headers.get("content-disposition")).toContain(`filename="${g.name}.csv"`);
    expect(csvOut.res.headers.get("x-request-id")).toBeTruthy();
    const tbxOut = await call(h, glossaryExport.GET, `/v1/glossaries/${g.id}/export?format=tbx`, {
      token,
      params: { id: g.id },
    });
    expect(tbxOut.text).toContain("<martif");

    // Both exports, imported into fresh glossaries, give back the same four entries.
    const expected = [
      ["file", "archivo"],
      ["save, then close", "guardar y cerrar"],
      ['the "quoted" term', "término citado"],
      ["folder", "carpeta"],
    ];
    for (const [name, text] of [
      ["g.csv", csvOut.text],
      ["g.tbx", tbxOut.text],
    ] as const) {
      const copy = await newGlossary(token);
      expect(
        dataOf(await call(h, glossaryImport.POST, "/v1/x", { token, params: { id: copy.id }, ...upload(name, text) })),
      ).toEqual({
        imported: 4,
        skipped: 0,
      });
      const items = dataOf<{ items: { source: string; target: string }[] }>(
        await call(h, glossaryEntries.GET, "/v1/x?limit=100", { token, params: { id: copy.id } }),
      ).items;
      expect(items.map((e) => [e.source, e.target]).sort()).toEqual([...expected].sort());
    }
  });

  it("refuses a malformed file with 400 naming the line, and imports nothing of it", async () => {
    const org = await h.org({ plan: "professional" });
    const token = org.keys.all?.key;
    const g = await newGlossary(token, { entries: [{ source: "keep", target: "mantener" }] });
    const params = { id: g.id };
    const bad: [string, string, RegExp][] = [
      ["a.csv", 'file,archivo\nfolder,carpeta\n"open,abrir\n', /line \d/],
      ["a.csv", "file,archivo\nfolder\n", /line 2/],
      ["a.csv", "file,archivo\n,vacío\n", /line 2.*empty/],
      [
        "a.tbx",
        '<?xml version="1.0"?>\n<!DOCTYPE martif [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<martif><text><body/></text></martif>',
        /DOCTYPE/,
      ],
      [
        "a.tbx",
        "<martif>\n<text><body>\n<termEntry><langSet xml:lang='en'><tig><term>file</term></tig></langSet>\n</body></text></martif>",
        /line \d+, column \d+/,
      ],
      [
        "a.tbx",
        "<martif><text><body>\n<termEntry><langSet><term>x</term></langSet></termEntry>\n</body></text></martif>",
        /line 2.*xml:lang/,
      ],
      ["a.tbx", "<glossary/>", /root element is <glossary>/],
      ["a.xlsx", "x", /format/],
    ];
    for (const [name, content, message] of bad) {
      const r = await call(h, glossaryImport.POST, "/v1/x", { token, params, ...upload(name, content) });
      expect(expectError(r, 400, "bad_request", "invalid_request_error").message, content).toMatch(message);
    }
    expect(dataOf<{ entry_count: number }>(await call(h, glossary.GET, "/v1/x", { token, params })).entry_count).toBe(
      1,
    );
    const notMultipart = await call(h, glossaryImport.POST, "/v1/x", {
      method: "POST",
      token,
      params,
      ...json({ file: "x" }),
    });
    expect(expectError(notMultipart, 400, "bad_request", "invalid_request_error").param).toBe("file");
  });
});

describe("memories", () => {
  it("adds units, searches them fuzzily, round-trips TMX, refuses malformed TMX whole", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const created = await call(h, memories.POST, "/v1/memories", {
      method: "POST",
      token,
      ...json({ name: "UI", source_lang: "en", target_lang: "es" }),
    });
    expect(created.status).toBe(201);
    const tm = dataOf<{ id: string }>(created);
    expect(tm.id).toMatch(/^tm_/);
    const params = { id: tm.id };
    const units = [
      { source: "The file was saved.", target: "El archivo se guardó." },
      { source: "The file was deleted.", target: "El archivo se eliminó." },
      { source: "Settings & <b>privacy</b>", target: "Configuración y <b>privacidad</b>" },
    ];
    const added = await call(h, memoryUnits.POST, "/v1/x", { method: "POST", token, params, ...json({ units }) });
    expect(dataOf<{ items: { id: string }[] }>(added).items).toHaveLength(3);

    const search = memorySearchResponse.parse(
      (await call(h, memoryUnits.GET, "/v1/x?q=The%20file%20was%20deleted", { token, params })).json,
    ).data;
    expect(search.items.map((m) => [m.unit.source, m.score])).toEqual([["The file was deleted.", 95]]);
    const wider = memorySearchResponse.parse(
      (await call(h, memoryUnits.GET, "/v1/x?q=The%20file%20was%20deleted&min_score=70", { token, params })).json,
    ).data;
    expect(wider.items.map((m) => [m.unit.source, m.score])).toEqual([
      ["The file was deleted.", 95],
      ["The file was saved.", 70],
    ]);

    const tmx = await call(h, memoryExport.GET, "/v1/x", { token, params });
    expect(tmx.res.headers.get("content-type")).toContain("tmx");
    expect(tmx.text).toContain('<tmx version="1.4">');
    const copy = dataOf<{ id: string }>(
      await call(h, memories.POST, "/v1/memories", {
        method: "POST",
        token,
        ...json({ name: "copy", source_lang: "en", target_lang: "es" }),
      }),
    );
    expect(
      dataOf(
        await call(h, memoryImport.POST, "/v1/x", { token, params: { id: copy.id }, ...upload("ui.tmx", tmx.text) }),
      ),
    ).toEqual({
      imported: 3,
      skipped: 0,
    });
    const copied = dataOf<{ items: { source: string; target: string }[] }>(
      await call(h, memoryUnits.GET, "/v1/x", { token, params: { id: copy.id } }),
    ).items;
    // Units written in one import share a creation time; the list orders them by id then.
    const bySource = (a: { source: string }, b: { source: string }) => a.source.localeCompare(b.source);
    expect(copied.map((u) => ({ source: u.source, target: u.target })).sort(bySource)).toEqual(
      [...units].sort(bySource),
    );

    // A TMX whose third unit is broken: 400 naming its line, and not even the first two imported.
    const broken = `<tmx version="1.4"><header srclang="en"/><body>
<tu><tuv xml:lang="en"><seg>One</seg></tuv><tuv xml:lang="es"><seg>Uno</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Two</seg></tuv><tuv xml:lang="es"><seg>Dos</seg></tuv></tu>
<tu><tuv><seg>Three</seg></tuv></tu>
</body></tmx>`;
    const r = await call(h, memoryImport.POST, "/v1/x", { token, params: { id: copy.id }, ...upload("x.tmx", broken) });
    expect(expectError(r, 400, "bad_request", "invalid_request_error").message).toMatch(
      /line 4: <tuv> has no xml:lang/,
    );
    const unclosed = await call(h, memoryImport.POST, "/v1/x", {
      token,
      params: { id: copy.id },
      ...upload("x.tmx", "<tmx><body>\n<tu>\n</body></tmx>"),
    });
    expect(expectError(unclosed, 400, "bad_request", "invalid_request_error").message).toMatch(/line 3/);
    expect(
      dataOf<{ unit_count: number }>(await call(h, memory.GET, "/v1/x", { token, params: { id: copy.id } })).unit_count,
    ).toBe(3);

    const unitId = dataOf<{ items: { id: string }[] }>(added).items[0]?.id ?? "";
    expect(
      dataOf(
        await call(h, memoryUnit.DELETE, "/v1/x", { method: "DELETE", token, params: { id: tm.id, unit_id: unitId } }),
      ),
    ).toEqual({
      id: unitId,
      deleted: true,
    });
    expectError(
      await call(h, memoryUnit.DELETE, "/v1/x", { method: "DELETE", token, params: { id: tm.id, unit_id: unitId } }),
      404,
      "not_found",
      "invalid_request_error",
    );
    expect(dataOf(await call(h, memory.DELETE, "/v1/x", { method: "DELETE", token, params }))).toEqual({
      id: tm.id,
      deleted: true,
    });
  });

  it("feeds /v1/translate: exact reuse reported with its unit, glossary terms listed", async () => {
    const org = await h.org({ plan: "professional" });
    const token = org.keys.all?.key;
    const tm = dataOf<{ id: string }>(
      await call(h, memories.POST, "/v1/memories", {
        method: "POST",
        token,
        ...json({ name: "m", source_lang: "en", target_lang: "es" }),
      }),
    );
    const unit = dataOf<{ items: { id: string }[] }>(
      await call(h, memoryUnits.POST, "/v1/x", {
        method: "POST",
        token,
        params: { id: tm.id },
        ...json({ source: "Good morning.", target: "¡Buenos días!" }),
      }),
    ).items[0];
    const g = await newGlossary(token, { entries: [{ source: "house", target: "vivienda" }] });
    const r = await call(h, translate.POST, "/v1/translate", {
      method: "POST",
      token,
      ...json({
        text: "Good morning. The house is big.",
        source_lang: "en",
        target_lang: "es",
        tm_id: tm.id,
        glossary_ids: [g.id],
      }),
    });
    expect(r.status, r.text).toBe(200);
    const data = translateResponse.parse(r.json).data;
    expect(data.translation).toBe("¡Buenos días! La vivienda es grande.");
    expect(data.tm_match).toEqual([{ segment: 0, score: 100, unit_id: unit?.id, level: "exact", repaired: [] }]);
    expect(data.glossary_terms_applied).toEqual([{ source: "house", target: "vivienda", origin: g.id, count: 1 }]);
    const unknown = await call(h, translate.POST, "/v1/translate", {
      method: "POST",
      token,
      ...json({ text: "Hi", source_lang: "en", target_lang: "es", tm_id: "tm_gone" }),
    });
    expect(expectError(unknown, 400, "bad_request", "invalid_request_error").message).toContain("tm_gone");
  });
});

describe("brand voices and projects", () => {
  it("brand voice: create, get, update, list, delete; formality validated", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const r = await call(h, brandVoices.POST, "/v1/brand-voices", {
      method: "POST",
      token,
      ...json({
        name: "Support",
        tone: "warm",
        formality: "formal",
        forbidden_terms: ["cheap", { term: "bug", replacement: "issue" }],
        do_not_translate: ["Tolk"],
      }),
    });
    expect(r.status, r.text).toBe(201);
    const bv = brandVoiceResponse.parse(r.json).data;
    expect(bv).toMatchObject({
      id: expect.stringMatching(/^bv_/),
      formality: "Formal",
      forbidden_terms: [{ term: "cheap" }, { term: "bug", replacement: "issue" }],
    });
    const params = { id: bv.id };
    const updated = await call(h, brandVoice.PATCH, "/v1/x", {
      method: "PATCH",
      token,
      params,
      ...json({ formality: "Informal", tone: null }),
    });
    expect(dataOf(updated)).toMatchObject({
      formality: "Informal",
      tone: null,
      name: "Support",
      do_not_translate: ["Tolk"],
    });
    expect(
      dataOf<{ items: unknown[] }>(await call(h, brandVoices.GET, "/v1/brand-voices", { token })).items,
    ).toHaveLength(1);
    const bad = await call(h, brandVoices.POST, "/v1/brand-voices", {
      method: "POST",
      token,
      ...json({ name: "x", formality: "casual" }),
    });
    expect(expectError(bad, 400, "bad_request", "invalid_request_error").param).toBe("formality");
    expect(dataOf(await call(h, brandVoice.DELETE, "/v1/x", { method: "DELETE", token, params }))).toEqual({
      id: bv.id,
      deleted: true,
    });
  });

  it("project: create, get, archive; only active projects count toward projects_max", async () => {
    const org = await h.org({ plan: "free" }); // projects_max 3
    const token = org.keys.all?.key;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(h, projects.POST, "/v1/projects", { method: "POST", token, ...json({ name: `P${i}` }) });
      expect(r.status).toBe(201);
      ids.push(projectResponse.parse(r.json).data.id);
    }
    const over = await call(h, projects.POST, "/v1/projects", { method: "POST", token, ...json({ name: "P3" }) });
    expect(expectError(over, 403, "plan_limit_reached", "permission_error").message).toContain("3 active projects");
    const archived = await call(h, projectArchive.POST, "/v1/x", {
      method: "POST",
      token,
      params: { id: ids[0] ?? "" },
    });
    expect(projectResponse.parse(archived.json).data).toMatchObject({
      status: "archived",
      archived_at: expect.any(String),
    });
    expect(
      (await call(h, projects.POST, "/v1/projects", { method: "POST", token, ...json({ name: "P3" }) })).status,
    ).toBe(201);
    expect(
      dataOf<{ status: string }>(await call(h, project.GET, "/v1/x", { token, params: { id: ids[0] ?? "" } })).status,
    ).toBe("archived");
  });
});

describe("limits and security", () => {
  it("answers 403 plan_limit_reached beyond the plan (free: 1 glossary, 1 memory, 1 brand voice)", async () => {
    const org = await h.org({ plan: "free" });
    const token = org.keys.all?.key;
    const creates: [Handler, string, unknown][] = [
      [glossaries.POST, "/v1/glossaries", { name: "g", source_lang: "en", target_lang: "es" }],
      [memories.POST, "/v1/memories", { name: "m", source_lang: "en", target_lang: "es" }],
      [brandVoices.POST, "/v1/brand-voices", { name: "b" }],
    ];
    for (const [handler, path, body] of creates) {
      expect((await call(h, handler, path, { method: "POST", token, ...json(body) })).status).toBe(201);
      const r = await call(h, handler, path, { method: "POST", token, ...json(body) });
      expectConventions(r);
      expect(expectError(r, 403, "plan_limit_reached", "permission_error").message).toMatch(/at most 1 /);
    }
  });

  it("N + 1 parallel creates under a limit of N leave exactly N", async () => {
    const N = 4;
    const org = await h.org({ plan: "enterprise", limits: { glossaries_max: N, projects_max: N } });
    const token = org.keys.all?.key;
    for (const [handler, list, path, body] of [
      [glossaries.POST, glossaries.GET, "/v1/glossaries", { name: "g", source_lang: "en", target_lang: "es" }],
      [projects.POST, projects.GET, "/v1/projects", { name: "p" }],
    ] as const) {
      const replies = await Promise.all(
        Array.from({ length: N + 1 }, () => call(h, handler, path, { method: "POST", token, ...json(body) })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([...Array<number>(N).fill(201), 403]);
      expect(dataOf<{ items: unknown[] }>(await call(h, list, `${path}?limit=100`, { token })).items).toHaveLength(N);
    }
  });

  it("another organization's resources answer 404, for reads, changes and imports", async () => {
    const owner = await h.org();
    const other = await h.org();
    const g = await newGlossary(owner.keys.all?.key);
    const tm = dataOf<{ id: string }>(
      await call(h, memories.POST, "/v1/memories", {
        method: "POST",
        token: owner.keys.all?.key,
        ...json({ name: "m", source_lang: "en", target_lang: "es" }),
      }),
    );
    const token = other.keys.all?.key;
    const attempts: Reply[] = [
      await call(h, glossary.GET, "/v1/x", { token, params: { id: g.id } }),
      await call(h, glossary.PATCH, "/v1/x", {
        method: "PATCH",
        token,
        params: { id: g.id },
        ...json({ name: "mine" }),
      }),
      await call(h, glossary.DELETE, "/v1/x", { method: "DELETE", token, params: { id: g.id } }),
      await call(h, glossaryEntries.GET, "/v1/x", { token, params: { id: g.id } }),
      await call(h, glossaryImport.POST, "/v1/x", { token, params: { id: g.id }, ...upload("a.csv", "a,b\n") }),
      await call(h, glossaryExport.GET, "/v1/x", { token, params: { id: g.id } }),
      await call(h, memory.GET, "/v1/x", { token, params: { id: tm.id } }),
      await call(h, memoryUnits.GET, "/v1/x?q=hello", { token, params: { id: tm.id } }),
      await call(h, memoryExport.GET, "/v1/x", { token, params: { id: tm.id } }),
    ];
    for (const r of attempts) expectError(r, 404, "not_found", "invalid_request_error");
    expect(
      dataOf<{ name: string }>(
        await call(h, glossary.GET, "/v1/x", { token: owner.keys.all?.key, params: { id: g.id } }),
      ).name,
    ).toBe("G");
    // And in a translation request, 400 naming the id (not a hint that it exists).
    const r = await call(h, translate.POST, "/v1/translate", {
      method: "POST",
      token,
      ...json({ text: "Hi", source_lang: "en", target_lang: "es", glossary_ids: [g.id] }),
    });
    expect(expectError(r, 400, "bad_request", "invalid_request_error").message).toBe(`Unknown glossary '${g.id}'.`);
  });

  it("scope matrix: read for reads, write for changes, translate for neither", async () => {
    const org = await h.org({ plan: "professional" });
    const g = await newGlossary(org.keys.all?.key);
    const reads: [Handler, Record<string, string>][] = [
      [glossaries.GET, {}],
      [glossary.GET, { id: g.id }],
      [glossaryEntries.GET, { id: g.id }],
      [glossaryExport.GET, { id: g.id }],
      [memories.GET, {}],
      [brandVoices.GET, {}],
      [projects.GET, {}],
    ];
    const writes: [Handler, Record<string, string>, unknown][] = [
      [glossaries.POST, {}, { name: "g", source_lang: "en", target_lang: "es" }],
      [glossary.PATCH, { id: g.id }, { name: "n" }],
      [glossaryEntries.POST, { id: g.id }, { source: "a", target: "b" }],
      [memories.POST, {}, { name: "m", source_lang: "en", target_lang: "es" }],
      [brandVoices.POST, {}, { name: "b" }],
      [projects.POST, {}, { name: "p" }],
    ];
    for (const [handler, params] of reads) {
      expect((await call(h, handler, "/v1/x", { token: org.keys.read?.key, params })).status).toBe(200);
      for (const key of ["write", "translate"])
        expectError(
          await call(h, handler, "/v1/x", { token: org.keys[key]?.key, params }),
          403,
          "insufficient_scope",
          "permission_error",
        );
    }
    for (const [handler, params, body] of writes) {
      for (const key of ["read", "translate"]) {
        expectError(
          await call(h, handler, "/v1/x", { method: "POST", token: org.keys[key]?.key, params, ...json(body) }),
          403,
          "insufficient_scope",
          "permission_error",
        );
      }
      const ok = await call(h, handler, "/v1/x", { method: "POST", token: org.keys.write?.key, params, ...json(body) });
      expect(ok.status, ok.text).toBeLessThan(300);
    }
    expectError(
      await call(h, glossaries.GET, "/v1/glossaries", { token: null }),
      401,
      "unauthorized",
      "authentication_error",
    );
    expectError(
      await call(h, project.DELETE, "/v1/x", { method: "DELETE", token: org.keys.all?.key, params: { id: "prj_x" } }),
      405,
      "method_not_allowed",
      "invalid_request_error",
    );
  });
});

describe("the NUL character (PostgreSQL text cannot hold it)", () => {
  it("is a 400 naming the field, in a path id, a JSON string, a nested entry, a key and a query value", async () => {
    const org = await h.org({ plan: "professional" });
    const token = org.keys.all?.key;
    const path = await call(h, glossary.GET, "/v1/glossaries/a%00b", { token, params: { id: "a\u0000b" } });
    expect(expectError(path, 400, "bad_request", "invalid_request_error")).toMatchObject({
      param: "id",
      message: expect.stringMatching(/NUL/),
    });
    const name = await call(h, projects.POST, "/v1/projects", { method: "POST", token, ...json({ name: "a\u0000b" }) });
    expect(expectError(name, 400, "bad_request", "invalid_request_error")).toMatchObject({ param: "name" });
    const entry = await call(h, glossaries.POST, "/v1/glossaries", {
      method: "POST",
      token,
      ...json({
        name: "G",
        source_lang: "en",
        target_lang: "es",
        entries: [
          { source: "ok", target: "bien" },
          { source: "x\u0000", target: "y" },
        ],
      }),
    });
    expect(expectError(entry, 400, "bad_request", "invalid_request_error")).toMatchObject({
      param: "entries.1.source",
    });
    const key = await call(h, projects.POST, "/v1/projects", {
      method: "POST",
      token,
      ...json({ name: "P", ["k\u0000"]: 1 }),
    });
    expect(expectError(key, 400, "bad_request", "invalid_request_error").message).toMatch(/NUL/);
    const query = await call(h, glossaries.GET, "/v1/glossaries?starting_after=gls_%00", { token });
    expect(expectError(query, 400, "bad_request", "invalid_request_error")).toMatchObject({ param: "starting_after" });
    // Nothing was created by any of them.
    const list = glossaryListResponse.parse((await call(h, glossaries.GET, "/v1/glossaries", { token })).json).data;
    expect(list.items).toHaveLength(0);
  });
});
