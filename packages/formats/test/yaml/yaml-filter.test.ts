import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";
import { parseAllDocuments, visit } from "yaml";

import { yamlFilter } from "../../src/yaml";
import { EN_ES, placeholders, pseudo, translateWith } from "../loc-roundtrip";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/yaml", name)));
const FIXTURES = ["rails-en.yml", "multi.yaml", "bom-crlf.yaml"];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

/** The documents as data with every string replaced by "S": what must not change. */
function shape(source: string, version: "1.1" | "1.2"): unknown {
  const strip = (v: unknown): unknown =>
    typeof v === "string"
      ? "S"
      : Array.isArray(v)
        ? v.map(strip)
        : v && typeof v === "object" && !(v instanceof Uint8Array)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k === "es" ? "en" : k, strip(x)]))
          : v;
  return parseAllDocuments(source, { version }).map((d) => strip(d.toJS()));
}

function anchors(source: string): number {
  let count = 0;
  for (const doc of parseAllDocuments(source))
    visit(doc, { Node: (_, node) => void ("anchor" in node && node.anchor ? count++ : 0) });
  return count;
}
const comments = (source: string) => source.match(/(^|\s)#(\s|$)/gm)?.length ?? 0;

describe("yaml filter", () => {
  it("extracts string values only: no keys, booleans (1.1 too), numbers, tags, aliases or URLs", async () => {
    const segments = await yamlFilter.extract(fixture("rails-en.yml"), EN_ES);
    expect(segments.map((s) => [s.id, s.text])).toEqual([
      ["/greeting", "Hello, %{name}!"],
      ["/defaults/save", "Save"],
      ["/defaults/cancel", "Cancel"],
      ["/form/submit", "Send the form"],
      ["/answer", "Yes please"],
      ["/tags/0", "News"],
      ["/tags/1", "Sports"],
      ["/tags/2", "Local weather"],
      ["/literal_keep", "First line of a literal block.\n  An indented line stays indented.\nLast line."],
      ["/literal_strip", "Stripped block"],
      ["/folded", "A folded paragraph that continues on a second line.\nA second paragraph."],
      ["/folded_keep", "Kept newlines"],
    ]);
    const multi = await yamlFilter.extract(fixture("multi.yaml"), EN_ES);
    expect(multi.map((s) => [s.id, s.text])).toEqual([
      ["0:/title", "First document"],
      ["1:/title", "Second document"],
      ["1:/items/0", "one item"],
      ["1:/items/1", "it's quoted"],
      ["1:/items/2", "tab\tand é"],
      ["1:/long", "This plain scalar spans two lines"],
      ["1:/flow/label", "Open the door"],
    ]);
  });

  it.each(FIXTURES)("gives back %s byte-identical with an identity engine", async (name) => {
    const file = fixture(name);
    const { output } = await translateWith(yamlFilter, file, (t) => t);
    expect(Buffer.from(output).equals(Buffer.from(file))).toBe(true);
  });

  it.each(FIXTURES)(
    "pseudo-translates %s: same ids, shape under YAML 1.1 and 1.2, anchors and comments",
    async (name) => {
      const file = fixture(name);
      const { segments, output } = await translateWith(yamlFilter, file, pseudo);
      const again = await yamlFilter.extract(output, EN_ES);
      expect(again.map((s) => s.id)).toEqual(segments.map((s) => s.id));
      again.forEach((s, i) => {
        const source = segments[i]?.text ?? "";
        expect(s.text).toBe(pseudo(source));
        expect(placeholders(s.text)).toEqual(placeholders(source));
      });
      const [before, after] = [text(file), text(output)];
      for (const doc of parseAllDocuments(after)) expect(doc.errors).toEqual([]);
      expect(shape(after, "1.1")).toEqual(shape(before, "1.1"));
      expect(shape(after, "1.2")).toEqual(shape(before, "1.2"));
      expect(anchors(after)).toBe(anchors(before));
      expect(comments(after)).toBe(comments(before));
      expect(after.replace(/\r\n/g, "").includes("\n")).toBe(before.replace(/\r\n/g, "").includes("\n"));
      expect(Buffer.from((await translateWith(yamlFilter, file, pseudo)).output).equals(Buffer.from(output))).toBe(
        true,
      );
    },
  );

  it("quotes a translation that would read back as something else, keeps styles and block headers", async () => {
    const answers: Record<string, string> = {
      Save: "No",
      Cancel: "L'annuler",
      "Send the form": "Nota: enviar # ya",
      News: "Noticias, hoy",
      "Yes please": "1.0",
      "Stripped block": "Bloque\nrecortado",
      "Kept newlines": "Nuevas líneas",
    };
    const { output } = await translateWith(yamlFilter, fixture("rails-en.yml"), (t) => answers[t] ?? t);
    const out = text(output);
    expect(out).toContain(
      'es:\n  greeting: Hello, %{name}!   # shown on the dashboard\n  defaults: &defaults\n    save: "No"\n',
    );
    expect(out).toContain("    cancel: 'L''annuler'\n");
    expect(out).toContain('    submit: "Nota: enviar # ya"\n');
    expect(out).toContain('  answer: "1.0"\n');
    expect(out).toContain('  tags: ["Noticias, hoy", Sports, "Local weather"]\n');
    expect(out).toContain("  literal_strip: |-\n    Bloque\n    recortado\n  folded: >\n");
    expect(out).toContain("  folded_keep: >+\n    Nuevas líneas\n\n\n  tagged:");
    const [data] = parseAllDocuments(out, { merge: true }).map((d) => d.toJS() as { es: Record<string, unknown> });
    expect(data?.es.form).toEqual({ save: "No", cancel: "L'annuler", submit: "Nota: enviar # ya" });
    expect(data?.es.confirm).toEqual({ save: "No", cancel: "L'annuler" });
    expect(data?.es.literal_strip).toBe("Bloque\nrecortado");
  });

  it("writes a multi-line plain scalar on one line and quotes what a flow map cannot hold", async () => {
    const { output } = await translateWith(yamlFilter, fixture("multi.yaml"), (t) =>
      t.startsWith("This plain") ? "Este escalar: largo" : t === "Open the door" ? "Abre, ya" : t,
    );
    const out = text(output);
    expect(out).toContain('long: "Este escalar: largo"\nflow: {label: "Abre, ya", size: 3}\n...');
    expect(parseAllDocuments(out)[1]?.toJS()).toMatchObject({
      long: "Este escalar: largo",
      flow: { label: "Abre, ya", size: 3 },
    });
  });

  it("keeps both values of a duplicated key as separate segments", async () => {
    const file = new TextEncoder().encode("title: First\ntitle: Second\n");
    expect((await yamlFilter.extract(file, EN_ES)).map((s) => [s.id, s.text])).toEqual([
      ["/title", "First"],
      ["/title#2", "Second"],
    ]);
  });

  it("keeps a literal block's indentation and the BOM and CRLF of the file", async () => {
    const { output } = await translateWith(yamlFilter, fixture("bom-crlf.yaml"), pseudo);
    expect([...output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(output)).toContain(`block: |\r\n  ${pseudo("Line one\nLine two").replace("\n", "\r\n  ")}\r\n`);
  });

  it("refuses a file that is not YAML with line and column, and survives an alias bomb", async () => {
    await expect(yamlFilter.extract(new TextEncoder().encode("a: b\n  c: d\n"), EN_ES)).rejects.toThrow(
      /^Invalid YAML at line 1, column 4: Nested mappings/,
    );
    await expect(yamlFilter.extract(new TextEncoder().encode('a: "open\n'), EN_ES)).rejects.toMatchObject({
      code: "invalid_file",
    });
    await expect(yamlFilter.extract(new Uint8Array([0x61, 0x3a, 0x20, 0xc3]), EN_ES)).rejects.toMatchObject({
      code: "invalid_encoding",
    });
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      lol.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(",")}]`,
      );
    const segments = await yamlFilter.extract(new TextEncoder().encode(lol.join("\n")), EN_ES);
    expect(segments).toHaveLength(9);
  });
});

describe("yaml nested beyond the limit", () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const limit = "The YAML file is nested more than 256 levels deep (line 1); that is the limit.";

  it("refuses 100,000 compact sequences, flow lists or flow maps before the parser runs out of memory", async () => {
    for (const deep of [
      "- ".repeat(100_000) + "x\n",
      "[".repeat(100_000) + "]".repeat(100_000),
      "{a: ".repeat(100_000) + "x" + "}".repeat(100_000),
    ]) {
      await expect(yamlFilter.extract(utf8(deep), EN_ES)).rejects.toMatchObject({
        code: "invalid_file",
        message: limit,
      });
    }
  });

  it("reads nesting up to the limit, brackets in plain text and block scalars included", async () => {
    const atLimit = `note: Press [ to go back, { to open\nhelp: |\n${Array.from({ length: 300 }, (_, i) => " ".repeat(i + 2) + "[").join("\n")}\n---\n${"- ".repeat(255)}Deep text\n`;
    const texts = (await yamlFilter.extract(utf8(atLimit), EN_ES)).map((s) => s.text);
    expect(texts).toEqual(["Press [ to go back, { to open", "Deep text"]);
  });
});
