// Run by heap-growth.test.ts in a child process: `tsx heap-churn.ts <percent>` prints the live
// heap after a full collection and the peak heap while promoted garbage is made.
import { getHeapStatistics } from "node:v8";

import { limitHeapGrowth } from "../../src/runtime/heap-growth";

limitHeapGrowth(Number(process.argv[2]));

const string = (i: number) => `${i}:${"x".repeat(40)}${i % 7}`;
// The server's long-lived heap (route modules, the language model): ~70 MB.
const longLived = Array.from({ length: 300_000 }, (_, i) => string(i));
const used = () => getHeapStatistics().used_heap_size;
const live = used();
// A job's data: each chunk lives a while (through several scavenges, so it is promoted to the
// old generation) and then becomes garbage, as a document's chunks do while the engine works.
const recent: string[][] = [];
let peak = live;
for (let chunk = 0; chunk < 200; chunk++) {
  recent.push(Array.from({ length: 10_000 }, (_, i) => string(chunk * 10_000 + i)));
  if (recent.length > 8) recent.shift();
  peak = Math.max(peak, used());
}
console.log(JSON.stringify({ live, peak, kept: longLived.length + recent.length }));
