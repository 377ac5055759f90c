import { docxFilter } from "./docx/docx-filter";
import { withIcuMessages } from "./common/icu";
import { type FormatFilter } from "./filter";
import { htmlFilter } from "./html";
import { jsonFilter } from "./json";
import { markdownFilter } from "./markdown";
import { poFilter } from "./po";
import { pptxFilter } from "./pptx/pptx-filter";
import { srtFilter } from "./srt";
import { stringsFilter } from "./strings";
import { txtFilter } from "./txt/txt-filter";
import { vttFilter } from "./vtt";
import { xliffFilter } from "./xliff";
import { xlsxFilter } from "./xlsx/xlsx-filter";
import { yamlFilter } from "./yaml";

// One line per filter module; each format's issue work adds its own. Localization formats hold
// ICU messages, translated branch by branch (src/common/icu.ts).
const FILTERS: readonly FormatFilter[] = [
  docxFilter,
  htmlFilter,
  withIcuMessages(jsonFilter),
  markdownFilter,
  withIcuMessages(poFilter),
  pptxFilter,
  srtFilter,
  withIcuMessages(stringsFilter),
  txtFilter,
  vttFilter,
  withIcuMessages(xliffFilter),
  xlsxFilter,
  withIcuMessages(yamlFilter),
];

const BY_EXTENSION = new Map(FILTERS.flatMap((f) => f.extensions.map((ext) => [ext, f] as const)));

/** The filter for a file extension (without the dot, any case), or undefined. */
export function filterFor(extension: string): FormatFilter | undefined {
  return BY_EXTENSION.get(extension.toLowerCase());
}
