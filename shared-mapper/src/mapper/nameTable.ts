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

/** FNV-1a over UTF-16 code units; never 0, which marks an empty slot. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 1;
}

/**
 * Sized for the largest set seen lately, so that drawing a big app again does not grow it
 * step by step. Module state that only affects speed, never a result.
 */
let lastSize = 0;

export class NameTable {
  private hashes: Int32Array;
  private rows: Int32Array;
  private mask: number;
  private count = 0;

  constructor(private readonly routes: NamedRows) {
    const capacity = capacityFor(lastSize);
    this.hashes = new Int32Array(capacity);
    this.rows = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  has(name: string, hash = nameHash(name)): boolean {
    return this.slotOf(name, hash) < 0;
  }

  /** Records `routes[row]` under `name`; false (nothing recorded) when the name is taken. */
  add(name: string, row: number, hash = nameHash(name)): boolean {
    const slot = this.slotOf(name, hash);
    if (slot < 0) return false;
    this.hashes[slot] = hash;
    this.rows[slot] = row;
    if (++this.count > lastSize) lastSize = this.count;
    // Half full at most: linear probing stays short.
    if (this.count * 2 > this.mask) this.grow();
    return true;
  }

  /** The empty slot where `name` would go, or -1 when it is there already. */
  private slotOf(name: string, hash: number): number {
    const { hashes, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const h = hashes[slot];
      if (h === 0) return slot;
      if (h === hash && this.routes[this.rows[slot]].name === name) return -1;
    }
  }

  private grow(): void {
    const { hashes, rows } = this;
    const capacity = hashes.length * 2;
    this.hashes = new Int32Array(capacity);
    this.rows = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < hashes.length; i++) {
      if (hashes[i] === 0) continue;
      let slot = hashes[i] & this.mask;
      while (this.hashes[slot] !== 0) slot = (slot + 1) & this.mask;
      this.hashes[slot] = hashes[i];
      this.rows[slot] = rows[i];
    }
  }
}

/** A power of two at least twice `size`, and at least 64. */
function capacityFor(size: number): number {
  let capacity = 64;
  while (capacity < size * 2 + 2) capacity *= 2;
  return capacity;
}
