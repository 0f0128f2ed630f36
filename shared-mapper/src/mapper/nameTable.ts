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

export class NameTable {
  /** Pairs of (hash, row), so that a probe reads one cache line, not two. */
  private slots: Int32Array;
  private mask: number;
  private count = 0;

  /** `expected`: how many names the caller expects, so that the table need not grow. */
  constructor(private readonly routes: NamedRows, expected = 0) {
    const capacity = capacityFor(expected);
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  has(name: string, hash = nameHash(name)): boolean {
    return this.slotOf(name, hash) < 0;
  }

  /** Records `routes[row]` under `name`; false (nothing recorded) when the name is taken. */
  add(name: string, row: number, hash = nameHash(name)): boolean {
    const slot = this.slotOf(name, hash);
    if (slot < 0) return false;
    this.slots[slot * 2] = hash;
    this.slots[slot * 2 + 1] = row;
    // Half full at most: linear probing stays short.
    if (++this.count * 2 > this.mask) this.grow();
    return true;
  }

  /** The empty slot where `name` would go, or -1 when it is there already. */
  private slotOf(name: string, hash: number): number {
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const h = slots[slot * 2];
      if (h === 0) return slot;
      if (h === hash && this.routes[slots[slot * 2 + 1]].name === name) return -1;
    }
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] === 0) continue;
      let slot = old[i] & this.mask;
      while (this.slots[slot * 2] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot * 2] = old[i];
      this.slots[slot * 2 + 1] = old[i + 1];
    }
  }
}

/** A power of two at least twice `size`, and at least 64. */
function capacityFor(size: number): number {
  let capacity = 64;
  while (capacity < size * 2 + 2) capacity *= 2;
  return capacity;
}
