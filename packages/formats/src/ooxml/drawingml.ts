import { type Dialect } from "./paragraph";

export const A = "http://schemas.openxmlformats.org/drawingml/2006/main";

/** Run-property attributes that record proofing and editing state, not how the text looks. */
const NOISE = new Set(["lang", "altLang", "err", "dirty", "noProof", "smtClean", "smtId", "spc", "bmk"]);

/**
 * DrawingML text (slides, notes, charts, SmartArt, shapes): a:p holds a:r runs; line breaks
 * (a:br) and fields (a:fld: slide number, date) are isolated codes; a:endParaRPr stays last.
 */
export const drawingDialect: Dialect = {
  uri: A,
  run: "r",
  text: "t",
  leading: new Set(["pPr"]),
  trailing: new Set(["endParaRPr"]),
  preserveSpace: false,
  escapes: false,
  classify(el) {
    return el.uri === A && el.local === "r" ? "run" : "opaque";
  },
  classifyInRun(el) {
    if (el.uri === A && el.local === "rPr") return "props";
    if (el.uri === A && el.local === "t") return "text";
    return "opaque";
  },
  slot() {
    return undefined;
  },
  ignoredInKey(local) {
    return NOISE.has(local);
  },
};
