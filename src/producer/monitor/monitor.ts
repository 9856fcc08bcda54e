import { Cron } from 'croner';
import {
  type LastBuild,
  type MonitorDeps,
  type Published,
  publishIfDue,
  type RoundOutcome,
  roundDeadlineOf,
  runRound,
} from './round.ts';

export interface RunningMonitor {
  /** Resolves when the monitor has stopped: the check under way, if any, is ended at once. */
  stop(): Promise<void>;
}

/** setTimeout's limit; a later state change is re-armed from the next round. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How often the monitor looks for entries it did not write (an operator's decision, `ops
 * check`): a decision is published within this (plus a build), not at the next round.
 */
export const DEFAULT_LEDGER_POLL_MS = 2_000;

export interface MonitorOptions {
  /** Told after each round that ran or not (the alerts, the round's log line). */
  readonly afterRound?: (outcome: RoundOutcome) => void;
  readonly ledgerPollMs?: number;
}

/**
 * The monitor loop (producer.md §5): a round every `intervalSeconds` (croner, with
 * overlapping runs refused, so a slow source never stacks rounds), plus a republish at
 * the instant the next schedule state changes (a window ends), so the service shows
 * "elapsed" on time rather than at the next round.
 */
export function startMonitor(
  deps: MonitorDeps,
  intervalSeconds: number,
  options: MonitorOptions = {},
): RunningMonitor {
  let last: Published | null = null;
  let lastBuild: LastBuild | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  /** The newest entry id this monitor has seen (its own, or read by the poll). */
  let seenId = 0;
  /** Whether this monitor ran the last round (holds the lease): only then does it publish. */
  let holdsLease = false;
  let pollQueued = false;
  const stopping = new AbortController();
  /** When the round under way began (real time), or null between rounds. */
  let roundSince: number | null = null;

  const serially = (work: () => Promise<void>) => {
    running = running.then(work).catch((error: unknown) => {
      deps.logger.error({ err: (error as Error).message }, 'monitor round failed');
    });
    return running;
  };

  const armStateChange = (at: number | null) => {
    clearTimeout(timer);
    if (at === null || stopped) return;
    timer = setTimeout(
      // A round builds at that instant: the changed state changes the records, so it publishes.
      () => void serially(round),
      Math.min(Math.max(0, at - deps.clock()), MAX_TIMER_MS),
    );
  };

  const round = async () => {
    if (stopped) return;
    roundSince = Date.now();
    let outcome: RoundOutcome;
    try {
      outcome = await runRound(deps, last, lastBuild, stopping.signal);
    } finally {
      roundSince = null;
    }
    last = outcome.published;
    lastBuild = outcome.built ?? lastBuild;
    holdsLease = outcome.ran;
    if (outcome.built !== undefined) seenId = outcome.built.lastEntryId;
    if (outcome.ran) armStateChange(outcome.nextChangeAt);
    try {
      options.afterRound?.(outcome);
    } catch (error) {
      deps.logger.error({ err: (error as Error).message }, 'after-round step failed');
    }
  };

  /**
   * Entries written by others since the last look: `ops check` asks for a round now; an
   * operator's decision is published now (by the monitor holding the lease). At most one
   * look waits behind a round, so a slow round never stacks them up.
   */
  const look = async () => {
    pollQueued = false;
    if (stopped) return;
    const entries = await deps.ledger.entries();
    const lastId = entries.at(-1)?.id ?? 0;
    if (lastId === seenId) return;
    // The tail after the last id seen; all of it when the ledger went backwards (a restore).
    const fresh =
      lastId < seenId ? entries : entries.slice(entries.findLastIndex((e) => e.id <= seenId) + 1);
    seenId = lastId;
    if (fresh.some((entry) => entry.type === 'check_requested')) {
      deps.logger.info('a round was asked for (ops check)');
      await round();
      return;
    }
    // Written by an operator's command or `ingest` (this monitor's own are seen already).
    if (!holdsLease) return;
    const outcome = await publishIfDue(deps, entries, last, false);
    if (outcome.published !== last) {
      deps.logger.info({ entries: fresh.length }, "published an operator's decision");
    }
    last = outcome.published;
  };
  const poll = setInterval(() => {
    if (pollQueued || stopped) return;
    pollQueued = true;
    void serially(look);
  }, options.ledgerPollMs ?? DEFAULT_LEDGER_POLL_MS);
  poll.unref();

  const job = new Cron('* * * * * *', { interval: intervalSeconds, protect: true }, () =>
    serially(round),
  );
  // The lease is renewed on its own clock, not only at each round: with a long interval,
  // a crashed monitor's lease must still expire soon, and a live one must keep it. But not
  // for a round older than its deadline: a monitor stuck there lets a standby take over.
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    if (roundSince !== null && Date.now() - roundSince > roundDeadlineOf(deps)) {
      deps.logger.warn('monitor round past its deadline: the lease is not renewed');
      return;
    }
    const now = deps.clock();
    renewing = deps.ledger
      .acquireLease('monitor', deps.holder, now, now + deps.leaseMs)
      .catch((error: unknown) => {
        deps.logger.warn({ err: (error as Error).message }, 'monitor lease not renewed');
      });
  }, deps.leaseMs / 3);
  void serially(round); // the first round at once, not after one interval

  return {
    async stop() {
      stopped = true;
      stopping.abort(new Error('the monitor stopped during the check'));
      job.stop();
      clearTimeout(timer);
      clearInterval(renewal);
      clearInterval(poll);
      await running;
      // A renewal in flight must land before the release, or it would take the lease back.
      await renewing;
      await deps.ledger.releaseLease('monitor', deps.holder);
    },
  };
}
