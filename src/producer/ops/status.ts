import type { DeliveryRecord } from '../../shared/delivery/sender.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { build } from '../build/build.ts';
import type { BuildSettings } from '../build/settings.ts';
import type { Entry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { CURSOR_RESET_SOURCE, currentCursor } from '../monitor/cursor.ts';
import { heldPosts } from './review.ts';

/** Delivery steps `ops status` shows: the last few alerts, as their final outcome. */
const RECENT_DELIVERIES = 50;
const SHOWN_ALERTS = 10;

/** `ops status` (issue 19): what the producer did, in one screen. */
export interface OpsStatus {
  readonly now: string;
  /** What the ledger builds to now: what the monitor publishes. */
  readonly published: {
    readonly records: number;
    readonly completions: number;
    readonly schedules: number;
    readonly lastSuccessfulCheckAt: string | null;
  };
  readonly lastCheck: {
    readonly at: string;
    readonly ok: boolean;
    readonly error: string | null;
    readonly cursor: string | null;
  } | null;
  readonly heldPosts: readonly string[];
  readonly lease: { readonly holder: string; readonly until: string } | null;
  /** The last alerts, newest first: one line per message and channel, its last step. */
  readonly alerts: readonly DeliveryRecord[];
}

export async function opsStatus(
  ledger: Ledger,
  now: number,
  settings: BuildSettings,
): Promise<OpsStatus> {
  const entries = await ledger.entries();
  const [lease, deliveries] = await Promise.all([
    ledger.leaseHolder('monitor', now),
    ledger.recentDeliveries(RECENT_DELIVERIES),
  ]);
  return statusOf(entries, now, settings, lease, deliveries);
}

/** The pure part of `ops status`. */
export function statusOf(
  entries: readonly Entry[],
  now: number,
  settings: BuildSettings,
  lease: { holder: string; untilMs: number } | null,
  deliveries: readonly DeliveryRecord[],
): OpsStatus {
  const { snapshot } = build(entries, now, settings);
  let lastCheck: OpsStatus['lastCheck'] = null;
  for (let i = entries.length - 1; i >= 0 && lastCheck === null; i--) {
    const entry = entries[i]!;
    // An operator's cursor reset is not a check; the cursor shown is the one the next check reads from.
    if (entry.type === 'source_checked' && entry.payload.source !== CURSOR_RESET_SOURCE) {
      lastCheck = {
        at: entry.at,
        ok: entry.payload.ok,
        error: entry.payload.error,
        cursor: currentCursor(entries, now),
      };
    }
  }
  // Newest first; one line per message and channel: its latest step.
  const seen = new Set<string>();
  const alerts: DeliveryRecord[] = [];
  for (const step of deliveries) {
    const key = `${step.messageId} ${step.channel}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (alerts.length < SHOWN_ALERTS) alerts.push(step);
  }
  return {
    now: formatTimestamp(now),
    published: {
      records: snapshot.records.length,
      completions: snapshot.records.filter((r) => r.kind === 'reset_completed').length,
      schedules: snapshot.records.filter((r) => r.kind === 'reset_scheduled').length,
      lastSuccessfulCheckAt: snapshot.lastSuccessfulCheckAt,
    },
    lastCheck,
    heldPosts: heldPosts(entries).map((post) => post.postId),
    lease: lease === null ? null : { holder: lease.holder, until: formatTimestamp(lease.untilMs) },
    alerts,
  };
}

/** The status for a person. */
export function formatStatus(status: OpsStatus): string[] {
  const { published, lastCheck, lease } = status;
  const lines = [
    `Published (built from the ledger at ${status.now}): ${published.records} record(s), ${published.completions} completion(s), ${published.schedules} schedule(s); last successful check ${published.lastSuccessfulCheckAt ?? 'never'}.`,
    lastCheck === null
      ? 'Last check: none yet.'
      : `Last check: ${lastCheck.at}, ${lastCheck.ok ? 'ok' : `failed: ${lastCheck.error ?? 'no reason given'}`}; cursor ${lastCheck.cursor === null ? 'none' : `${lastCheck.cursor} (ops cursor --reset [--to POST_ID] reads again from there)`}.`,
    status.heldPosts.length === 0
      ? 'Review queue: empty.'
      : `Review queue: ${status.heldPosts.length} held (${status.heldPosts.slice(0, 5).join(', ')}${status.heldPosts.length > 5 ? ', …' : ''}); see ops review.`,
    lease === null
      ? 'Monitor: no monitor holds the lease (none running, or it stopped).'
      : `Monitor: ${lease.holder} runs the rounds (lease until ${lease.until}).`,
  ];
  if (status.alerts.length === 0) lines.push('Alerts: none sent (or no ALERT_* channel set).');
  else {
    lines.push('Alerts, newest first:');
    for (const alert of status.alerts) {
      const problem = alert.problem === null ? '' : `: ${alert.problem}`;
      lines.push(
        `  ${alert.at}  ${alert.event} to ${alert.channel}: ${alert.outcome} after ${alert.attempts} attempt(s)${problem}`,
      );
    }
  }
  return lines;
}
