/**
 * Work shared by `check`'s threads (factsWorkers.ts, textReader.ts): one slot per item in memory
 * the threads share, taken by whichever thread comes first, so that each item is done once.
 */
const FREE = 0;
export const BY_WORKER = 1;
export const BY_MAIN = 2;

/** Slots for `count` items, all free. */
export const claimSlots = (count: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * Math.max(1, count)));

/** Takes item `at` for `by`: true when no thread had. */
export const claim = (slots: Int32Array, at: number, by: typeof BY_WORKER | typeof BY_MAIN): boolean => Atomics.compareExchange(slots, at, FREE, by) === FREE;
