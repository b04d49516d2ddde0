/**
 * Seeded pseudo-random numbers for the demo world. Guarantees: the same seed gives the same
 * sequence on every platform (only 32-bit integer arithmetic and IEEE doubles), and streams
 * derived with `deriveSeed` from different labels are independent, so one part of the world
 * (a subsession, a driver's identity) never shifts when another part draws more numbers.
 */

/** A 32-bit avalanche mix (the murmur3 finaliser). */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit seed from a root seed and a path of integer labels (order matters). */
export function deriveSeed(root: number, ...labels: readonly number[]): number {
  let h = mix32(root ^ 0x9e3779b9);
  for (const label of labels) {
    h = mix32(h ^ mix32((label | 0) + 0x7f4a7c15));
    h = mix32((h + 0x165667b1) >>> 0);
  }
  return h;
}

/** A 32-bit seed from text (world seeds given as words on the command line). */
export function seedFromText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return mix32(h);
}

/** Stream tags: one per kind of derived stream, so no two kinds ever share a seed path. */
export const Stream = {
  catalog: 1,
  driverIdentity: 2,
  driverRatings: 3,
  driverHabits: 4,
  week: 5,
  subsession: 6,
  chartHistory: 7,
  weather: 8,
  schedule: 9,
  livery: 10,
} as const;

/**
 * sfc32 (Chris Doty-Humphrey's small fast counting generator): 128-bit state, period ≥ 2^32,
 * passes PractRand to large sizes, and needs only 32-bit operations.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  static derive(root: number, ...labels: readonly number[]): Random {
    return new Random(deriveSeed(root, ...labels));
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi] (both included). */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Standard normal (Box–Muller; the spare value is kept, so draws come in pairs). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    let u = this.next();
    while (u <= Number.EPSILON) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  gaussian(mean: number, sd: number): number {
    return mean + sd * this.normal();
  }

  /** exp(N(ln median, sigma)): positive, right-skewed. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Standard Gumbel: the noise that makes sorting by (strength + noise) a Plackett–Luce draw. */
  gumbel(): number {
    let u = this.next();
    while (u <= Number.EPSILON) u = this.next();
    return -Math.log(-Math.log(u));
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Poisson: exact by multiplication below a mean of 30, a rounded normal above. */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let product = this.next();
    let count = 0;
    while (product > limit) {
      product *= this.next();
      count++;
    }
    return count;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: no items');
    return items[this.int(items.length)] as T;
  }

  /** An index drawn with probability proportional to its weight. */
  weightedIndex(weights: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < weights.length; i++) total += weights[i] as number;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] ?? 0;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    return items[this.weightedIndex(items.map(weightOf))] as T;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** Six lowercase hex digits, as the API writes livery and helmet colours. */
  colour(): string {
    return (this.nextUint32() & 0xffffff).toString(16).padStart(6, '0');
  }
}
