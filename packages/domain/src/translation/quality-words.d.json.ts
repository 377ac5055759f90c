// The type of quality-words.json, declared so that the compiler does not infer one from its tens
// of thousands of words in every package that imports @tolk/domain (tsconfig's
// allowArbitraryExtensions). The trainer writes the file in this shape.
import type { AcceptanceTable } from "./quality-score";

declare const tables: AcceptanceTable;
export default tables;
