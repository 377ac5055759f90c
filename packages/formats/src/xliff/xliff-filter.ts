import iconv from "iconv-lite";

import { appendAll } from "../common/arrays";
import { expandCodes, InlineCodes, repairCodes } from "../common/inline-codes";
import { applyEdits, type TextEdit } from "../common/splice";
import { type DecodedText, decodeText, dominantEol, encodeText } from "../common/text-encoding";
import { type FilterOptions, FormatError, type FormatFilter, type Segment } from "../filter";
import { parseXml, XmlSyntaxError } from "../xml/parse";
import { refuseDtd } from "../xml/safety";
import { type XElement, escapeXmlText } from "../xml/tree";
import { attributesOf, contentToText, endTagStart, localName, setAttributes, startTagEnd } from "./markup";

/**
 * XLIFF 1.2 and 2.x (`.xliff`, `.xlf`). A unit (1.2 `trans-unit`, 2.x `segment`) is translated
 * when its target is missing or empty, or marked new/needs-translation/initial; units with
 * translate="no", approved="yes", or a final/signed-off target are left alone. The target is
 * filled in place or inserted after `<source>`/`<seg-source>` with the same indentation, and
 * marked as machine translated: 1.2 `state="translated" state-qualifier="mt-suggestion"`,
 * 2.x `segment@state="translated"`. Inline elements (g x bx ex bpt ept ph it mrk / pc sc ec ph
 * mrk sm em, Angular's `equiv-text`, other namespaces) become codes and come back byte-exact.
 * The target language is added when absent; a different one is refused, except the source
 * language itself: such a file is a template (Symfony, Xcode), its targets copies of the sources,
 * so every unit is translated, the target language is set and `warn` says so. DTDs are refused.
 */

interface Unit {
  id: string;
  context: string;
  text: string;
  codes: InlineCodes;
  maxLength?: number;
  /** Where the content came from (`source` or `seg-source`) and the target, if any. */
  content: XElement;
  target?: XElement;
  /** 2.x: the segment whose `state` is set. */
  stateHolder?: XElement;
  /** The element that carries the target language (1.2 `file`, 2.x `xliff`). */
  languageHolder: XElement;
  /**
   * A source of placeholders and punctuation only (`<x id="INTERPOLATION"/>`): nothing to
   * translate, not a segment, but its target is written as a copy of the source, since Angular
   * and other tools warn about (or fall back on) a unit without a target.
   */
  copy?: boolean;
}

interface ParsedXliff extends DecodedText {
  version: 1 | 2;
  units: Unit[];
  /** Language holders read as templates: their target language is overwritten. */
  templates: Set<XElement>;
}

const SKIP_STATES = new Set(["final", "signed-off", "reviewed"]);
const OPEN_STATES = new Set(["new", "needs-translation", "initial"]);

function decode(file: Uint8Array): DecodedText {
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(
    Buffer.from(file.subarray(0, 200)).toString("latin1"),
  )?.[1];
  const legacy = declared && !/^utf-?(8|16)/i.test(declared) ? declared : undefined;
  const decoded = decodeText(file, legacy ? { fallback: legacy } : {});
  return legacy && decoded.encoding.name === "utf-8" && !decoded.encoding.bom
    ? { ...decoded, encoding: { name: legacy, bom: false } }
    : decoded;
}

/** Nesting is bounded by the XML reader (xml/safety.ts), so the walks below cannot overflow the stack. */
function parse(file: Uint8Array, options: FilterOptions): ParsedXliff {
  const decoded = decode(file);
  const { text } = decoded;
  // No DTD is needed by XLIFF, and one is how entity expansion and external entities get in.
  refuseDtd(text, "The XLIFF file");
  let root: XElement;
  try {
    root = parseXml(text, "The XLIFF file").root;
  } catch (error) {
    if (error instanceof XmlSyntaxError)
      throw new FormatError(
        "invalid_file",
        `Invalid XML at line ${error.line}, column ${error.column}: ${error.detail.replace(/\.$/u, "")}.`,
      );
    throw error;
  }
  if (localName(root) !== "xliff")
    throw new FormatError("invalid_file", "Not an XLIFF file: the root element is not <xliff>.");
  const version = (attributesOf(root).version ?? "").startsWith("2") ? 2 : 1;
  const templates = new Set<XElement>();
  const units: Unit[] = [];
  const sourceOf = (holder: XElement) => attributesOf(holder)[version === 1 ? "source-language" : "srcLang"];
  if (version === 2 && isTemplate(attributesOf(root).trgLang, sourceOf(root), options)) templates.add(root);
  children(root, "file").forEach((file, fileIndex) => {
    const languageHolder = version === 1 ? file : root;
    if (version === 1 && isTemplate(attributesOf(file)["target-language"], sourceOf(file), options))
      templates.add(file);
    const template = templates.has(languageHolder);
    walkUnits(file, version === 1 ? "trans-unit" : "unit", attributesOf(file).translate !== "no", (unit, index) => {
      const found =
        version === 1
          ? unitV1(text, unit, `${fileIndex}/${attributesOf(unit).id ?? index}`, languageHolder, template)
          : unitV2(text, unit, `${fileIndex}/${attributesOf(unit).id ?? index}`, languageHolder, template);
      for (const u of found) units.push(u);
    });
  });
  if (templates.size > 0) {
    const first = [...templates][0];
    const declared = (first ? attributesOf(first)[version === 1 ? "target-language" : "trgLang"] : undefined) ?? "";
    const source = (first ? sourceOf(first) : undefined) ?? options.sourceLang;
    options.warn?.(
      primary(declared) === primary(source) || primary(declared) === primary(options.sourceLang)
        ? `The XLIFF file's target language is "${declared}", the same as its source language: it was read as a template (its targets copy the sources). The sources were translated and the target language set to "${options.targetLang}".`
        : `The XLIFF file's target language is "${declared}"; as force_target_lang asked, every unit was translated into "${options.targetLang}" and the target language replaced.`,
    );
  }
  return { ...decoded, version, units, templates };
}

const primary = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase();

/**
 * Whether a file's declared target language makes it a template (Symfony and Xcode ship source
 * files whose target language is the source language and whose targets copy the sources);
 * any other target language that is not the requested one is refused.
 */
function isTemplate(declared: string | undefined, sourceLanguage: string | undefined, options: FilterOptions): boolean {
  if (declared === undefined || declared === "" || primary(declared) === primary(options.targetLang)) return false;
  if (
    primary(declared) === primary(sourceLanguage ?? options.sourceLang) ||
    primary(declared) === primary(options.sourceLang)
  )
    return true;
  // Asked for explicitly: the file's targets are in another language, so all are translated again.
  if (options.forceTargetLang) return true;
  throw new FormatError(
    "invalid_file",
    `The XLIFF file's target language is "${declared}", not "${options.targetLang}" (send force_target_lang=true to translate it into "${options.targetLang}" anyway).`,
  );
}

const children = (element: XElement, name: string) =>
  element.children.filter((c): c is XElement => c.kind === "element" && localName(c) === name);

/** Units in document order, through groups; `translate="no"` on a group covers its units. */
function walkUnits(
  parent: XElement,
  unitName: string,
  translatable: boolean,
  found: (unit: XElement, index: number) => void,
): void {
  let index = 0;
  const walk = (element: XElement, inherited: boolean) => {
    for (const child of element.children) {
      if (child.kind !== "element") continue;
      const translate =
        attributesOf(child).translate === undefined ? inherited : attributesOf(child).translate !== "no";
      if (localName(child) === unitName) {
        if (translate) found(child, index);
        index++;
      } else walk(child, translate);
    }
  };
  walk(parent, translatable);
}

/** A target that already says something (elements count: a code is content). */
const hasContent = (element: XElement | undefined) =>
  element !== undefined && element.children.some((c) => c.kind === "element" || /\S/.test(c.text));

function toUnit(
  text: string,
  id: string,
  context: string,
  content: XElement,
  target: XElement | undefined,
  languageHolder: XElement,
  extra: Partial<Unit>,
): Unit[] {
  const codes = new InlineCodes();
  const segment = contentToText(text, content, codes);
  if (!/[\p{L}\p{N}]/u.test(segment.replace(/<\/?g\d+>|<x\d+\/>/g, ""))) {
    return /\S/.test(segment)
      ? [{ id, context, text: segment, codes, content, target, languageHolder, ...extra, copy: true }]
      : [];
  }
  return [{ id, context, text: segment, codes, content, target, languageHolder, ...extra }];
}

function unitV1(text: string, unit: XElement, id: string, languageHolder: XElement, template: boolean): Unit[] {
  if (attributesOf(unit).approved === "yes" && !template) return [];
  const source = children(unit, "source")[0];
  const target = children(unit, "target")[0];
  if (!source) return [];
  const state = (target && attributesOf(target).state) ?? "";
  // In a template every target is a copy of its source, whatever its state says.
  if (!template && (SKIP_STATES.has(state) || (hasContent(target) && !OPEN_STATES.has(state)))) return [];
  const content = children(unit, "seg-source")[0] ?? source;
  const maxwidth = Number(attributesOf(unit).maxwidth);
  const maxLength =
    (attributesOf(unit)["size-unit"] ?? "pixel") === "char" && Number.isInteger(maxwidth) && maxwidth > 0
      ? maxwidth
      : undefined;
  return toUnit(
    text,
    id,
    attributesOf(unit).resname ?? attributesOf(unit).id ?? id,
    content,
    target,
    languageHolder,
    maxLength ? { maxLength } : {},
  );
}

function unitV2(text: string, unit: XElement, id: string, languageHolder: XElement, template: boolean): Unit[] {
  return children(unit, "segment").flatMap((segment, i) => {
    const source = children(segment, "source")[0];
    const target = children(segment, "target")[0];
    const state = attributesOf(segment).state ?? "";
    if (!source || (!template && (SKIP_STATES.has(state) || (hasContent(target) && !OPEN_STATES.has(state)))))
      return [];
    return toUnit(
      text,
      `${id}/${attributesOf(segment).id ?? i}`,
      attributesOf(unit).name ?? attributesOf(unit).id ?? id,
      source,
      target,
      languageHolder,
      {
        stateHolder: segment,
      },
    );
  });
}

export const xliffFilter: FormatFilter = {
  extensions: ["xliff", "xlf"],

  async extract(file: Uint8Array, options: FilterOptions): Promise<Segment[]> {
    return parse(file, options)
      .units.filter((u) => !u.copy)
      .map((u) => ({ id: u.id, text: u.text, context: u.context, ...(u.maxLength ? { maxLength: u.maxLength } : {}) }));
  },

  async merge(
    file: Uint8Array,
    translations: ReadonlyMap<string, string>,
    options: FilterOptions,
  ): Promise<Uint8Array> {
    const { text, encoding, version, units, templates } = parse(file, { ...options, warn: undefined });
    const eol = dominantEol(text);
    const edits: TextEdit[] = [];
    const languageHolders = new Set<XElement>();
    const escape = textEscaper(encoding.name);
    const state: [string, string][] =
      version === 1
        ? [
            ["state", "translated"],
            ["state-qualifier", "mt-suggestion"],
          ]
        : [];
    for (const unit of units) {
      let content: string;
      if (unit.copy) {
        // Already a copy (a template's target): nothing to write.
        if (hasContent(unit.target)) continue;
        content = text.slice(startTagEnd(text, unit.content), endTagStart(text, unit.content));
      } else {
        const raw = translations.get(unit.id);
        if (raw === undefined) continue;
        content = expandCodes(repairCodes(unit.text, raw), unit.codes, escape);
      }
      appendAll(edits, targetEdits(text, unit, content, unit.copy ? state.slice(0, 1) : state, eol));
      if (unit.stateHolder) edits.push(startTagEdit(text, unit.stateHolder, [["state", "translated"]]));
      languageHolders.add(unit.languageHolder);
    }
    const languageAttribute = version === 1 ? "target-language" : "trgLang";
    for (const holder of languageHolders) {
      if (!attributesOf(holder)[languageAttribute] || templates.has(holder))
        edits.push(startTagEdit(text, holder, [[languageAttribute, options.targetLang]]));
    }
    return edits.length === 0 ? file : encodeText(applyEdits(text, edits), encoding);
  },
};

/** XML text escaping; in a legacy encoding, characters it cannot hold become character references. */
function textEscaper(encodingName: string): (text: string) => string {
  if (/^utf-?(8|16)/i.test(encodingName)) return escapeXmlText;
  const fits = (c: string) => iconv.decode(iconv.encode(c, encodingName), encodingName) === c;
  return (text) =>
    escapeXmlText(text).replace(/[\u0080-\u{10ffff}]/gu, (c) =>
      fits(c) ? c : `&#x${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()};`,
    );
}

function startTagEdit(text: string, element: XElement, attributes: readonly (readonly [string, string])[]): TextEdit {
  const end = startTagEnd(text, element);
  return { start: element.start, end, text: setAttributes(text.slice(element.start, end), attributes) };
}

function targetEdits(
  text: string,
  unit: Unit,
  content: string,
  state: readonly (readonly [string, string])[],
  eol: string,
): TextEdit[] {
  const target = unit.target;
  if (target) {
    const tagEnd = startTagEnd(text, target);
    if (tagEnd === target.end && text.charAt(target.end - 2) === "/") {
      // `<target/>`: written out as a start tag, the content and an end tag.
      const open = setAttributes(text.slice(target.start, tagEnd), state).replace(/\s*\/>$/, ">");
      return [{ start: target.start, end: target.end, text: `${open}${content}</${target.name}>` }];
    }
    const edits: TextEdit[] = [{ start: tagEnd, end: endTagStart(text, target), text: content }];
    if (state.length > 0) edits.push(startTagEdit(text, target, state));
    return edits;
  }
  // A new target goes right after the source (or seg-source), on its own line when the source is.
  const after = unit.content;
  const lineStart = text.lastIndexOf("\n", after.start - 1) + 1;
  const indent = text.slice(lineStart, after.start);
  const prefix = after.name.includes(":") ? after.name.slice(0, after.name.indexOf(":") + 1) : "";
  const attributes = state.map(([name, value]) => ` ${name}="${value}"`).join("");
  const element = `<${prefix}target${attributes}>${content}</${prefix}target>`;
  return [
    {
      start: after.end,
      end: after.end,
      text: /^[ \t]*$/.test(indent) && lineStart > 0 ? `${eol}${indent}${element}` : element,
    },
  ];
}
