// The bloomfilter package ships no types; what Tolk uses of it (quality-written.ts).
declare module "bloomfilter" {
  export class BloomFilter {
    constructor(bitsOrBuckets: number | ArrayLike<number>, hashes: number);
    readonly k: number;
    readonly m: number;
    readonly buckets: Uint32Array;
    add(value: string): void;
    test(value: string): boolean;
    static withTargetError(items: number, error: number): BloomFilter;
  }
}
