// The type of serbo-croatian-words.json, declared so that the compiler does not infer one from
// its 145,000 strings in every package that imports @tolk/domain (tsconfig's
// allowArbitraryExtensions). The builder writes the file in this shape.
import type { SerboCroatianForms } from "./serbo-croatian";

declare const lists: Record<keyof SerboCroatianForms, readonly string[]>;
export default lists;
