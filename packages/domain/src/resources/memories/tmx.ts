import { type MemoryUnitInput } from "@tolk/contract";

import { invalidFile } from "../shared/invalid-file";
import {
  type XmlElement,
  baseLanguage,
  childElements,
  escapeXml,
  parseXmlDocument,
  textContent,
} from "../shared/xml-tree";

/**
 * TMX 1.4 (also reads 1.1–1.3): `<tmx><header/><body><tu><tuv xml:lang><seg>…`. Each `<tu>`
 * gives one unit: the `<seg>` of its first `<tuv>` in the memory's source language and of its
 * first in the target language (regions ignored: "en-US" is "en"). A `<seg>`'s text is read with
 * its inline elements flattened: `<bpt>`, `<ept>`, `<ph>`, `<it>` hold the original markup
 * ("&lt;b>" → "<b>"), `<hi>`, `<sub>` their text. Units without both languages, or with an
 * empty segment, are skipped and counted. DTDs are refused (xml-tree.ts).
 */
export function parseTmx(
  text: string,
  options: { sourceLang: string; targetLang: string },
): { units: MemoryUnitInput[]; skipped: number } {
  const root = parseXmlDocument(text);
  if (root.name !== "tmx")
    throw invalidFile(`line ${root.line}`, `the root element is <${root.name}>, a TMX file has <tmx>`);
  const [body] = childElements(root, "body");
  if (!body) throw invalidFile(`line ${root.line}`, "<tmx> has no <body>");
  const units: MemoryUnitInput[] = [];
  let skipped = 0;
  for (const tu of childElements(body)) {
    if (tu.name !== "tu") throw invalidFile(`line ${tu.line}`, `<${tu.name}> inside <body>, expected <tu>`);
    const source = segmentOf(tu, options.sourceLang);
    const target = segmentOf(tu, options.targetLang);
    if (!source || !target) {
      skipped++;
      continue;
    }
    units.push({ source, target });
  }
  return { units, skipped };
}

const MAX_SEGMENT = 10_000;

function segmentOf(tu: XmlElement, lang: string): string | null {
  for (const tuv of childElements(tu, "tuv")) {
    const code = tuv.attributes["xml:lang"] ?? tuv.attributes.lang;
    if (code === undefined) throw invalidFile(`line ${tuv.line}`, "<tuv> has no xml:lang attribute");
    const [seg] = childElements(tuv, "seg");
    if (!seg) throw invalidFile(`line ${tuv.line}`, `<tuv xml:lang="${code}"> has no <seg>`);
    if (baseLanguage(code) !== lang) continue;
    const text = textContent(seg).trim();
    if (text.length > MAX_SEGMENT)
      throw invalidFile(`line ${seg.line}`, `<seg> has more than ${MAX_SEGMENT} characters`);
    return text.length > 0 ? text : null;
  }
  return null;
}

export function writeTmx(
  memory: { sourceLang: string; targetLang: string },
  units: readonly { id: string; source: string; target: string; createdAt: Date }[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Tolk" creationtoolversion="1" segtype="sentence" o-tmf="Tolk" adminlang="en" srclang="${escapeXml(memory.sourceLang)}" datatype="plaintext"/>`,
    "  <body>",
  ];
  for (const u of units) {
    lines.push(
      `    <tu tuid="${escapeXml(u.id)}" creationdate="${tmxDate(u.createdAt)}">`,
      `      <tuv xml:lang="${escapeXml(memory.sourceLang)}"><seg>${escapeXml(u.source)}</seg></tuv>`,
      `      <tuv xml:lang="${escapeXml(memory.targetLang)}"><seg>${escapeXml(u.target)}</seg></tuv>`,
      "    </tu>",
    );
  }
  lines.push("  </body>", "</tmx>", "");
  return lines.join("\n");
}

/** TMX dates: YYYYMMDDThhmmssZ. */
const tmxDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/gu, "")
    .replace(/\.\d{3}/u, "");
