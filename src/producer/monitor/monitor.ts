import { Cron } from 'croner';
import {
  type LastBuild,
  type MonitorDeps,
  type Published,
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
 * The monitor loop (producer.md §5): a round every `intervalSeconds` (croner, with
 * overlapping runs refused, so a slow source never stacks rounds), plus a republish at
 * the instant the next schedule state changes (a window ends), so the service shows
 * "elapsed" on time rather than at the next round.
 */
export function startMonitor(deps: MonitorDeps, intervalSeconds: number): RunningMonitor {
  let last: Published | null = null;
  let lastBuild: LastBuild | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
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
    try {
      const outcome = await runRound(deps, last, lastBuild, stopping.signal);
      last = outcome.published;
      lastBuild = outcome.built ?? lastBuild;
      if (outcome.ran) armStateChange(outcome.nextChangeAt);
    } finally {
      roundSince = null;
    }
  };

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
      await running;
      // A renewal in flight must land before the release, or it would take the lease back.
      await renewing;
      await deps.ledger.releaseLease('monitor', deps.holder);
    },
  };
}
