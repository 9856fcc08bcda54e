import { IANAZone, Zone } from 'luxon';

/**
 * A time zone whose UTC offsets are remembered by the hour. luxon asks the zone for the
 * offset of every instant it builds (each `plus`, `startOf`, `set`), and its IANA zone
 * answers through `Intl.DateTimeFormat#formatToParts`, about 5 µs a call: it was a sixth of
 * the classifier's time (docs/classifier.md, "Speed"). An hour is remembered only when its
 * first and last millisecond have the same offset, so an hour with a transition in it is
 * asked of Intl every time; no zone changes its offset twice within one hour, so a
 * remembered hour is exact. Hand-written because luxon has no cache of its own for this.
 */
class HourlyOffsetZone extends Zone {
  readonly #zone: IANAZone;
  readonly #hours = new Map<number, number>();

  constructor(name: string) {
    super();
    this.#zone = IANAZone.create(name);
  }

  override get type(): string {
    return this.#zone.type;
  }
  override get name(): string {
    return this.#zone.name;
  }
  get ianaName(): string {
    return this.#zone.name;
  }
  override get isUniversal(): boolean {
    return this.#zone.isUniversal;
  }
  override get isValid(): boolean {
    return this.#zone.isValid;
  }
  override offsetName(ts: number, options: { format?: 'short' | 'long'; locale?: string }) {
    return this.#zone.offsetName(ts, options as Parameters<IANAZone['offsetName']>[1]);
  }
  override formatOffset(ts: number, format: 'narrow' | 'short' | 'techie'): string {
    return this.#zone.formatOffset(ts, format);
  }
  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }

  override offset(ts: number): number {
    if (!Number.isFinite(ts)) return this.#zone.offset(ts);
    const hour = Math.floor(ts / HOUR_MS);
    const known = this.#hours.get(hour);
    if (known !== undefined) return known;
    const start = this.#zone.offset(hour * HOUR_MS);
    if (start !== this.#zone.offset(hour * HOUR_MS + HOUR_MS - 1)) return this.#zone.offset(ts);
    if (this.#hours.size >= MAX_HOURS) this.#hours.clear();
    this.#hours.set(hour, start);
    return start;
  }
}

const HOUR_MS = 3_600_000;
/** About 14 months of hours: the dates one post's schedule reads lie within days of it. */
const MAX_HOURS = 10_000;

const zones = new Map<string, HourlyOffsetZone>();

/** The zone named `name` (an IANA name such as SCHEDULE_TIME_ZONE), its offsets remembered. */
export function hourlyZone(name: string): Zone {
  let zone = zones.get(name);
  if (zone === undefined) {
    if (zones.size >= 16) zones.clear();
    zone = new HourlyOffsetZone(name);
    zones.set(name, zone);
  }
  return zone;
}
