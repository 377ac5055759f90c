// The type of cluster-model.json, declared so that the compiler does not infer one from the
// file's megabytes of weights in every package that imports @tolk/domain (tsconfig's
// allowArbitraryExtensions). The trainer writes the file in this shape.
import type { ClusterModel } from "./cluster-model";

declare const model: ClusterModel;
export default model;
