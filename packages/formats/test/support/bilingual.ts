/** Comparing bilingual files (PO, XLIFF) apart from the translation slots merge fills. */

export const BILINGUAL = new Set(["po", "pot", "xlf", "xliff"]);

/**
 * A PO or XLIFF file without what merge writes: msgstr strings (and the msgstr[n] lines, whose
 * count follows the target language), the header's fuzzy flag, a header merge adds to a
 * catalog without one; <target> elements and the language and state attributes.
 */
export function withoutTargets(extension: string, text: string): string {
  if (extension === "po" || extension === "pot") {
    const kept: string[] = [];
    let inMsgstr = false;
    // Lines keep their endings (and the first its BOM), so those are compared too.
    for (const line of text.split(/(?<=\n)/)) {
      const content = line.replace(/^\uFEFF/, "");
      if (content.startsWith("msgstr")) inMsgstr = true;
      else if (inMsgstr && (content.trim() === "" || content.trimStart().startsWith('"'))) continue;
      else inMsgstr = false;
      if (!inMsgstr) kept.push(line);
    }
    return kept
      .join("")
      .replace(/^(\uFEFF?)((?:#.*\r?\n)*?)#,[^\n]*\bfuzzy\b[^\n]*\n(?=(?:#.*\r?\n)*msgid "")/, "$1$2")
      .replace(/^(\uFEFF?)msgid ""\r?\n(?=msgid)/, "$1");
  }
  return text
    .replace(/\s*<target\b[^>]*?(?:\/>|>[^]*?<\/target>)/g, "")
    .replace(/\s(?:target-language|trgLang|state|state-qualifier)="[^"]*"/g, "");
}
