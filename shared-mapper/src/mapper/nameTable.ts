/**
 * The set of route names `RouteSet#add_route` checks ("already in use"), for one route set.
 *
 * Rails keeps a Hash of name → route. A JS `Map` of ten thousand fresh strings was an eighth
 * of a redraw: each name hashed and probed through a table that grows by rehashing, on the
 * young heap, while the tree just parsed is alive and copied by every collection. Here a
 * name is stored as the index of the route that holds it, in open-addressed typed arrays
 * (their memory is off the JS heap), probed by a hash the caller may already have.
 */

/** What the table compares against: the names of the routes it indexes. */
export interface NamedRows {
  readonly length: number;
  readonly [row: number]: { readonly name: string };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over UTF-16 code units; never 0, which marks an empty slot. */
export function nameHash(name: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), FNV_PRIME);
  return h | 1;
}

/**
 * `nameHash` of a name made of ASCII word characters that starts with a letter or `_` (what
 * the route name check passes at once), 0 for any other. One pass: it runs for every route
 * name, and reading each name twice was measurably slower.
 */
export function identifierHash(name: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const lower = c | 32; // lower-cases ASCII letters
    if (!((lower >= 97 && lower <= 122) || c === 95 || (i > 0 && c >= 48 && c <= 57))) return 0;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return name.length > 0 ? h | 1 : 0;
}

/** A table's storage: per slot a 16-bit mark of the name's hash (0: empty) and the row. */
interface Storage {
  marks: Uint16Array;
  rows: Int32Array;
}

/**
 * The storage of the last table released, to reuse: fresh typed-array memory is zero pages
 * the system maps in on first touch. Only speed depends on it; a table never shares its
 * storage with a live one.
 */
let spare: Storage | null = null;

/** A slot's mark: the hash's high half (the low bits pick the slot), never 0. */
const markOf = (hash: number) => hash >>> 16 || 1;

export class NameTable {
  /**
   * Probes read the marks only, two bytes a slot: the table is probed between reads of a
   * syntax tree larger than the CPU's cache, and a smaller one stays in it more often.
   * Null once released.
   */
  private storage: Storage | null;
  private mask: number;
  private count = 0;

  /** `expected`: how many names the caller expects, so that the table need not grow. */
  constructor(private readonly routes: NamedRows, expected = 0) {
    const capacity = capacityFor(expected);
    this.storage = takeStorage(capacity);
    this.mask = capacity - 1;
  }

  has(name: string, hash = nameHash(name)): boolean {
    return this.slotOf(name, hash) < 0;
  }

  /** The row of the route that holds `name`, or -1. */
  rowOf(name: string, hash = nameHash(name)): number {
    const { marks, rows } = this.storage ?? this.rebuild();
    const mark = markOf(hash);
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const m = marks[slot];
      if (m === 0) return -1;
      if (m === mark && this.routes[rows[slot]].name === name) return rows[slot];
    }
  }

  /** Records `routes[row]` under `name`; false (nothing recorded) when the name is taken. */
  add(name: string, row: number, hash = nameHash(name)): boolean {
    let slot = this.slotOf(name, hash);
    if (slot < 0) return false;
    // Half full at most: linear probing stays short. Grown first: growing reads the names
    // of the rows stored, and this row's route is not in the list yet.
    if (++this.count * 2 > this.mask) {
      this.grow();
      slot = this.slotOf(name, hash);
    }
    const { marks, rows } = this.storage!;
    marks[slot] = markOf(hash);
    rows[slot] = row;
    return true;
  }

  /**
   * Hands the storage over to the next table, when drawing is done. The names are still in
   * the routes: a released table asked again rebuilds itself from them.
   */
  release(): void {
    if (this.storage && (spare === null || spare.marks.length < this.storage.marks.length)) spare = this.storage;
    this.storage = null;
  }

  /** The empty slot where `name` would go, or -1 when it is there already. */
  private slotOf(name: string, hash: number): number {
    const { marks, rows } = this.storage ?? this.rebuild();
    const mask = this.mask;
    const mark = markOf(hash);
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const m = marks[slot];
      if (m === 0) return slot;
      if (m === mark && this.routes[rows[slot]].name === name) return -1;
    }
  }

  private grow(): void {
    const old = this.storage!;
    this.mask = this.mask * 2 + 1;
    this.storage = newStorage(this.mask + 1);
    // The marks do not hold the slot bits: hash the names again.
    for (let slot = 0; slot < old.marks.length; slot++) {
      if (old.marks[slot] !== 0) this.put(old.rows[slot]);
    }
  }

  private rebuild(): Storage {
    this.storage = newStorage(this.mask + 1);
    this.count = 0;
    for (let row = 0; row < this.routes.length; row++) {
      if (!this.routes[row]?.name) continue;
      this.put(row);
      this.count++;
    }
    return this.storage;
  }

  /** Places a row whose name is known to be absent. */
  private put(row: number): void {
    const { marks, rows } = this.storage!;
    const hash = nameHash(this.routes[row].name);
    let slot = hash & this.mask;
    while (marks[slot] !== 0) slot = (slot + 1) & this.mask;
    marks[slot] = markOf(hash);
    rows[slot] = row;
  }
}

/** Zeroed storage of `capacity` slots: the spare one if it is that size, else new. */
function takeStorage(capacity: number): Storage {
  if (spare === null || spare.marks.length !== capacity) return newStorage(capacity);
  const storage = spare;
  spare = null;
  // Rows are read only where a mark is set: clearing the marks clears the table.
  storage.marks.fill(0);
  return storage;
}

const newStorage = (capacity: number): Storage => ({ marks: new Uint16Array(capacity), rows: new Int32Array(capacity) });

/** A power of two at least twice `size`, and at least 64. */
function capacityFor(size: number): number {
  let capacity = 64;
  while (capacity < size * 2 + 2) capacity *= 2;
  return capacity;
}
