/**
 * A set of shared-string indices below a bound, one bit each: a worksheet of millions of string
 * cells marks their indices without a million-entry Set. Indices at or above the bound (no
 * string there) are not kept.
 */
export class IndexSet {
  private bits = new Uint8Array(0);
  private size = 0;

  constructor(private readonly bound: number) {}

  add(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.bound) return;
    const byte = index >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.min(Math.ceil(this.bound / 8), Math.max(byte + 1, this.bits.length * 2, 64)));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (index & 7);
    if (!((this.bits[byte] ?? 0) & mask)) this.size++;
    this.bits[byte] = (this.bits[byte] ?? 0) | mask;
  }

  has(index: number): boolean {
    return index >= 0 && (((this.bits[index >>> 3] ?? 0) >> (index & 7)) & 1) === 1;
  }

  get count(): number {
    return this.size;
  }

  /** Whether any index is in both sets. */
  meets(other: IndexSet): boolean {
    const n = Math.min(this.bits.length, other.bits.length);
    for (let i = 0; i < n; i++) if ((this.bits[i] ?? 0) & (other.bits[i] ?? 0)) return true;
    return false;
  }
}
