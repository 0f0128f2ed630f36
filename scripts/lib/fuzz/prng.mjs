// A small seeded PRNG for the fuzzer (sfc32, seeded through splitmix32): the same seed gives
// the same files on every machine and Node version, which Math.random cannot promise.

/** splitmix32: spreads a 32-bit seed (and a stream number) over the generator's state. */
function splitmix32(a) {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** The seed of file `index` of a run with `seed`: any file can be made again on its own. */
export function fileSeed(seed, index) {
  const mix = splitmix32((seed ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  mix();
  return mix();
}

export class Rng {
  constructor(seed) {
    const init = splitmix32(seed >>> 0);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** sfc32's next 32-bit output. */
  u32() {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float() {
    return this.u32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n) {
    return Math.floor(this.float() * n);
  }

  /** An integer in [lo, hi]. */
  between(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }

  chance(p) {
    return this.float() < p;
  }

  pick(list) {
    return list[this.int(list.length)];
  }

  /** One of `[[weight, value], …]`, by weight; entries of weight 0 are never picked. */
  weighted(entries) {
    const total = entries.reduce((sum, [w]) => sum + w, 0);
    let r = this.float() * total;
    for (const [w, value] of entries) {
      if (w <= 0) continue;
      if ((r -= w) < 0) return value;
    }
    return entries.findLast(([w]) => w > 0)[1];
  }

  shuffle(list) {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** `k` distinct elements of `list`, in a random order. */
  sample(list, k) {
    return this.shuffle(list).slice(0, k);
  }
}
