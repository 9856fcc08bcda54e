import { z } from 'zod';

/** The one timestamp format of the contract: UTC, millisecond precision, suffix `Z`. */
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True when `value` is in the contract's format and names a real instant (no 2026-02-30). */
export function isTimestamp(value: string): boolean {
  if (!TIMESTAMP_PATTERN.test(value)) return false;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value;
}

export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

export const Timestamp = z
  .string()
  .refine(isTimestamp, { message: 'must be a UTC timestamp like 2026-11-20T12:00:00.000Z' })
  .meta({
    description: 'UTC instant, ISO 8601 with millisecond precision and suffix Z.',
    examples: ['2026-11-20T12:00:00.000Z'],
  });
