import { type FilterOptions, type Segment, type SegmentSink } from "../filter";
import { appendAll } from "../common/arrays";
import { OoxmlPackage, type PackageKind } from "./package";

/**
 * A format's `extract` and `extractTo` from the one function that reads its package part by part
 * into a sink: `extractTo` hands the batches on as they are read, `extract` gathers them.
 */
export function streamedExtraction(
  kind: PackageKind,
  extractInto: (pkg: OoxmlPackage, sink: SegmentSink) => Promise<void>,
): {
  extract(file: Uint8Array, options: FilterOptions): Promise<Segment[]>;
  extractTo(file: Uint8Array, options: FilterOptions, sink: SegmentSink): Promise<void>;
} {
  return {
    async extract(file) {
      const out: Segment[] = [];
      await extractInto(await OoxmlPackage.openYielding(file, kind), async (batch) => void appendAll(out, batch));
      return out;
    },
    async extractTo(file, _options, sink) {
      await extractInto(await OoxmlPackage.openYielding(file, kind), sink);
    },
  };
}
