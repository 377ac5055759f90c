/**
 * Every word form an Apertium morphological analyser knows, or a generator writes, read from its
 * compiled transducer (`lt-print`, in Debian's lttoolbox-dev) as the surface strings of its
 * accepting paths: an analyser's input side, a generator's output side. Only
 * paths of letters are followed (no spaces, hyphens, apostrophes or digits), so multiword units
 * and clitic chains are left out; a path never goes through the same state twice, so the
 * transducer's loops (compounds, reduplication) add no endless forms.
 */
import { execFileSync } from "node:child_process";

const EPSILON = new Set(["ε", "@0@"]);
/** Longer paths are compounds or clitic chains, not the words a marker list needs. */
const MAX_LENGTH = 24;

export function transducerForms(transducer: string, side: "input" | "output" = "input"): Set<string> {
  const att = execFileSync("lt-print", [transducer], { maxBuffer: 1 << 30 }).toString("utf8");
  const forms = new Set<string>();
  // lt-print writes each of the file's transducers as a section of its own, ended by "--".
  for (const section of att.split(/^--\s*$/m)) {
    const arcs = new Map<string, { to: string; symbol: string }[]>();
    const finals = new Set<string>();
    for (const line of section.split("\n")) {
      // An arc is "from to input output weight"; a final state is "state weight".
      const [from = "", to = "", input, output] = line.split("\t");
      if (input === undefined || output === undefined) {
        if (from.trim()) finals.add(from.trim());
        continue;
      }
      const read = side === "input" ? input : output;
      const symbol = EPSILON.has(read) ? "" : read;
      if (symbol !== "" && !/^\p{L}$/u.test(symbol)) continue;
      arcs.set(from, [...(arcs.get(from) ?? []), { to, symbol }]);
    }
    const onPath = new Set<string>();
    const walk = (state: string, word: string) => {
      if (finals.has(state) && word) forms.add(word.toLowerCase());
      if (word.length >= MAX_LENGTH) return;
      onPath.add(state);
      for (const { to, symbol } of arcs.get(state) ?? []) if (!onPath.has(to)) walk(to, word + symbol);
      onPath.delete(state);
    };
    walk("0", "");
  }
  return forms;
}
