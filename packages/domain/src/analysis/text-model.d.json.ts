// The type of text-model.json, declared so that the compiler does not infer one from the file's
// weights in every package that imports @tolk/domain (tsconfig's allowArbitraryExtensions). The
// trainer writes the file in this shape.
import type { TextModel } from "./text-model";

declare const model: TextModel;
export default model;
