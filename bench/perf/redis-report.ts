/** Row 13's own table in BENCHMARKS.md: what Redis counted per request. */
import { commandsPerRequest, type RedisFigures, roundTripsPerRequest } from './redis-quota.ts';
import type { RowOutcome } from './report.ts';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (n: number) => n.toFixed(2);

/** Commands per request on the service side, summed over the rounds, busiest first. */
function byCommand(rounds: readonly { service: RedisFigures; requests: number }[]): string {
  const totals = new Map<string, number>();
  let requests = 0;
  for (const round of rounds) {
    requests += round.requests;
    for (const [name, calls] of Object.entries(round.service.byCommand))
      totals.set(name, (totals.get(name) ?? 0) + calls);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, calls]) => `${name} ${fmt(calls / requests)}`)
    .join(', ');
}

export function redisTable(outcomes: readonly RowOutcome[]): string | undefined {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    if ('error' in outcome) continue;
    const rounds = outcome.rounds.flatMap((round) =>
      round.redis === undefined ? [] : [{ ...round.redis, requests: round.service.sent }],
    );
    if (rounds.length === 0) continue;
    const trips = rounds.map((r) => roundTripsPerRequest(r.service, r.bare, r.requests));
    const commands = rounds.map((r) => commandsPerRequest(r.service, r.bare, r.requests));
    const background = rounds.map((r) => r.bare.commands / r.bare.seconds);
    lines.push(
      `| ${outcome.row.order} | **${fmt(median(trips))}** | ${fmt(Math.min(...trips))}–${fmt(Math.max(...trips))} | ${fmt(median(commands))} | ${byCommand(rounds)} | ${median(background).toFixed(1)} | 1 |`,
    );
  }
  if (lines.length === 0) return undefined;
  return [
    '| # | Redis round trips per request (median) | min–max | commands Redis ran per request (inside the script too) | service side, per request and command | other clients, commands/s (bare rounds) | target |',
    '| ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...lines,
  ].join('\n');
}
