/**
 * A seeded pseudo-random source for the fuzz test: the same seed gives the same requests.
 * fast-check is not among the project's dependencies and a fuzz run needs only uniform choices,
 * so this is mulberry32 (32-bit state, passes gjrand's tests at this use), with one stream per
 * request derived from the run's seed, so that any single request can be made again alone.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The stream of request `index` of the run seeded `seed`. */
  static forRequest(seed: number, index: number): SeededRandom {
    let mixed = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    return new SeededRandom(mixed ^ (mixed >>> 16));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the weighted choices: `[weight, value]` pairs. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [weight, value] of choices) {
      point -= weight;
      if (point < 0) return value;
    }
    return choices[choices.length - 1][1];
  }
}
