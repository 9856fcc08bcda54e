/**
 * What the soak counts: answers by traffic source and status, latencies, and violations
 * (each kept with a few samples so a failure can be understood from the summary alone).
 * Everything here is plain data so child processes can send theirs over IPC.
 */

/** `status` is an HTTP status, or a failure name such as "TIMEOUT" or "ECONNRESET". */
export type StatusCounts = Record<string, Record<string, number>>;

/** `record[key]`, created with `make` when missing. */
export function entry<V>(record: Record<string, V>, key: string, make: () => V): V {
  let value = record[key];
  if (value === undefined) {
    value = make();
    record[key] = value;
  }
  return value;
}

export class StatusTable {
  readonly counts: StatusCounts = {};

  add(source: string, status: number | string): void {
    const row = entry(this.counts, source, (): Record<string, number> => ({}));
    const key = String(status);
    row[key] = (row[key] ?? 0) + 1;
  }

  merge(counts: StatusCounts): void {
    for (const [source, row] of Object.entries(counts)) {
      for (const [status, n] of Object.entries(row)) {
        const target = entry(this.counts, source, (): Record<string, number> => ({}));
        target[status] = (target[status] ?? 0) + n;
      }
    }
  }
}

/** Every latency of one kind, in milliseconds (a soak sends at most a few million requests). */
export class Latencies {
  readonly values: number[] = [];

  add(ms: number): void {
    this.values.push(ms);
  }

  summary(): LatencySummary {
    return summarize(this.values);
  }
}

/**
 * Values kept as a uniform random sample of at most `capacity` (reservoir sampling), with
 * the exact count and maximum: bounded memory however long the run.
 */
export class Reservoir {
  values: number[] = [];
  count = 0;
  max = 0;

  private readonly capacity: number;

  constructor(capacity = 100_000) {
    this.capacity = capacity;
  }

  add(value: number): void {
    this.count++;
    if (value > this.max) this.max = value;
    if (this.values.length < this.capacity) this.values.push(value);
    else {
      const slot = Math.floor(Math.random() * this.count);
      if (slot < this.capacity) this.values[slot] = value;
    }
  }

  /** Plain data, for IPC. */
  toJSON(): ReservoirData {
    return { values: this.values, count: this.count, max: this.max };
  }
}

export interface ReservoirData {
  readonly values: number[];
  readonly count: number;
  readonly max: number;
}

/** Percentiles of a reservoir's sample, with its exact count and maximum. */
export function summarizeReservoir(data: ReservoirData): LatencySummary {
  return { ...summarize(data.values), count: data.count, max: data.max };
}

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  if (values.length === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted[sorted.length - 1]!,
  };
}

export type ViolationRecord = Record<string, { count: number; samples: string[] }>;

/** Broken promises of the contract, by kind, with the first few examples of each. */
export class Violations {
  readonly byKind: ViolationRecord = {};

  private readonly samplesPerKind: number;

  constructor(samplesPerKind = 3) {
    this.samplesPerKind = samplesPerKind;
  }

  add(kind: string, sample: string): void {
    const found = entry(this.byKind, kind, () => ({ count: 0, samples: [] as string[] }));
    found.count++;
    if (found.samples.length < this.samplesPerKind) found.samples.push(sample.slice(0, 300));
  }

  merge(other: ViolationRecord): void {
    for (const [kind, { count, samples }] of Object.entries(other)) {
      const found = entry(this.byKind, kind, () => ({ count: 0, samples: [] as string[] }));
      found.count += count;
      for (const sample of samples) {
        if (found.samples.length < this.samplesPerKind) found.samples.push(sample);
      }
    }
  }

  count(prefix = ''): number {
    return Object.entries(this.byKind)
      .filter(([kind]) => kind.startsWith(prefix))
      .reduce((sum, [, entry]) => sum + entry.count, 0);
  }
}

/** A small deterministic PRNG (mulberry32), so a run can be replayed with --seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}
