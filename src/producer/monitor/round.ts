import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { describeTarget, type PublishTarget } from '../../shared/config/publish-settings.ts';
import type { SnapshotFile } from '../../shared/domain/snapshot.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { build } from '../build/build.ts';
import { nextStateChange } from '../build/next-change.ts';
import type { BuildSettings } from '../build/settings.ts';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { type Classify, newPostEntries, type RefusedPost } from '../pipeline/ingest.ts';
import { publishSnapshot } from '../pipeline/publish.ts';
import { storedPosts } from '../pipeline/thread-context.ts';
import { askHeldPosts } from '../second-opinion/ask-held.ts';
import type { SecondOpinionClient } from '../second-opinion/client.ts';
import { advancedCursor, currentCursor } from './cursor.ts';
import { linkedSignal } from './linked-signal.ts';
import type { PostSource, SourceCheck } from './post-source.ts';

/**
 * A round's check ends by then, failed if it has not (docs/producer.md, "Deadlines and
 * stopping"): long enough for one wait on X's 15-minute rate-limit window, and no request
 * nor wait is begun that would end later. The lease is renewed only while a round is
 * younger than this.
 */
export const ROUND_DEADLINE_MS = 20 * 60_000;

export interface MonitorDeps {
  readonly ledger: Ledger;
  readonly source: PostSource;
  readonly classify: Classify;
  readonly target: PublishTarget;
  readonly settings: BuildSettings;
  readonly clock: () => number;
  readonly logger: Logger;
  /** Who holds the monitor lease: unique per process. */
  readonly holder: string;
  /** The lease lasts this long; a round renews it. */
  readonly leaseMs: number;
  /** Republish at least this often while checks succeed (PUBLISH_HEARTBEAT_SECONDS). */
  readonly heartbeatMs: number;
  /** The check of a round ends within this (default ROUND_DEADLINE_MS). */
  readonly roundDeadlineMs?: number;
  /** A language model asked about held posts (SECOND_OPINION_*), when configured. */
  readonly secondOpinion?: SecondOpinionClient;
  /** `--force`: the first publish is not checked against the live snapshot (pipeline/guard.ts). */
  readonly force?: boolean;
}

/** What the monitor remembers between rounds: what it published last, and when. */
export interface Published {
  readonly recordsHash: string;
  readonly at: number;
}

/**
 * The last build of a monitor, kept for the next round: when that round appends nothing
 * but its own check, nobody else wrote since, and no schedule changes state before it,
 * the records are the same, so it reuses them instead of building again (with a large
 * ledger a build takes seconds; such a round takes milliseconds).
 */
export interface LastBuild {
  readonly snapshot: SnapshotFile;
  readonly recordsHash: string;
  /** The id of the last ledger entry the build read. */
  readonly lastEntryId: number;
  readonly nextChangeAt: number | null;
}

export interface RoundOutcome {
  /** False when another monitor holds the lease: this one did nothing. */
  readonly ran: boolean;
  readonly checkOk: boolean;
  readonly newPosts: number;
  readonly published: Published | null;
  /** When the next state change is due (republish then), or null. */
  readonly nextChangeAt: number | null;
  /** This round's build (or the one it reused); undefined when it did not run. */
  readonly built?: LastBuild;
  /** Why the source check failed (one line, no secret), or null. */
  readonly problem?: string | null;
  /** The entries this round appended (posts, classifications, second opinions, the check). */
  readonly appended?: readonly Entry[];
  /** Every entry the round's build read. */
  readonly entries?: readonly Entry[];
  /** Whether this round published, and why a publish that was due failed (or null). */
  readonly publishedNow?: boolean;
  readonly publishProblem?: string | null;
}

/**
 * One round of the monitor (producer.md §5): check the source, store the new posts with
 * their classifications and the check itself in one transaction, build, and publish when
 * the records changed, or the heartbeat is due. A failed check is recorded too (without
 * moving lastSuccessfulCheckAt) and the last snapshot keeps serving.
 */
export async function runRound(
  deps: MonitorDeps,
  last: Published | null,
  lastBuild?: LastBuild,
  /** Aborted when the monitor stops: the check under way ends at once, failed. */
  stop?: AbortSignal,
): Promise<RoundOutcome> {
  const { ledger, source, logger } = deps;
  const started = deps.clock();
  if (!(await ledger.acquireLease('monitor', deps.holder, started, started + deps.leaseMs))) {
    logger.info('another monitor holds the lease; skipping this round');
    return { ran: false, checkOk: false, newPosts: 0, published: last, nextChangeAt: null };
  }

  let check: SourceCheck | undefined;
  let failure: string | null = null;
  const since = currentCursor(await ledger.entries(), started);
  try {
    check = await boundedCheck(source, since, roundDeadlineOf(deps), stop);
    for (const problem of check.problems) logger.warn({ problem }, 'source item skipped');
  } catch (error) {
    // Sources never put a secret in their messages.
    failure = error instanceof Error ? error.message : `the source failed: ${String(error)}`;
    logger.error({ source: source.name, err: failure }, 'source check failed');
  }

  const now = deps.clock();
  const at = formatTimestamp(now);
  const refused: RefusedPost[] = [];
  const transacted = await ledger.transact((stored) => {
    refused.length = 0; // a store may run this again
    const posts = check === undefined ? undefined : storedPosts(stored);
    const append: NewEntry[] =
      check === undefined || posts === undefined
        ? []
        : newPostEntries(
            new Set(posts.keys()),
            check.posts,
            deps.classify,
            at,
            (id) => posts.get(id),
            (refusal) => refused.push(refusal),
            () => posts.values(),
          );
    const newPosts = append.filter((entry) => entry.type === 'post_observed').length;
    // The cursor moves over the posts stored now or before, never over one left out.
    const added = new Set(
      append.flatMap((e) => (e.type === 'post_observed' ? [e.payload.post.id] : [])),
    );
    const storedIds = (check?.posts ?? [])
      .map((post) => post.id)
      .filter((id) => posts?.has(id) === true || added.has(id));
    append.push({
      type: 'source_checked',
      at,
      actor: 'monitor',
      reason: null,
      payload: {
        source: source.name,
        ok: check !== undefined,
        cursor: check === undefined ? since : advancedCursor(since, storedIds, now),
        error: failure,
        newPosts,
      },
    });
    return { append, result: stored };
  });
  for (const { postId, problem } of refused)
    logger.error({ source: source.name, postId, problem }, 'post not stored');
  const entries = transacted.result;
  let appended: readonly Entry[] = transacted.appended;
  const newPosts = appended.filter((entry) => entry.type === 'post_observed').length;
  const all: Entry[] = [...entries, ...appended];
  if (deps.secondOpinion !== undefined && newPosts > 0) {
    // Held posts asked about once (each answer is an entry), before the build: a post the
    // model agrees with is published in this round.
    const opinions = await askHeldPosts(all, deps.secondOpinion, formatTimestamp(deps.clock()));
    if (opinions.length > 0) {
      const asked = await ledger.transact(() => ({ append: opinions, result: null }));
      appended = [...appended, ...asked.appended];
      all.push(...asked.appended);
    }
  }
  const lastEntryId = all.at(-1)?.id ?? 0;
  const unchanged =
    lastBuild !== undefined &&
    lastBuild.lastEntryId === (entries.at(-1)?.id ?? 0) &&
    appended.every((entry) => entry.type === 'source_checked') &&
    (lastBuild.nextChangeAt === null || now < lastBuild.nextChangeAt);
  // The same records; the meta as a build would write it: generatedAt now, and the check
  // just appended as the last successful one when it succeeded.
  const reused = unchanged
    ? {
        snapshot: {
          ...lastBuild.snapshot,
          generatedAt: formatTimestamp(now),
          lastSuccessfulCheckAt:
            check === undefined ? lastBuild.snapshot.lastSuccessfulCheckAt : at,
        },
        recordsHash: lastBuild.recordsHash,
      }
    : undefined;
  // The heartbeat only while checks succeed: it says "still watching", which is not true
  // after a failed check (a changed record is published either way).
  const outcome = await publishIfDue(deps, all, last, check !== undefined, reused);
  const publishedNow = outcome.published !== last;
  // From the same build: one build per round.
  const nextChangeAt = unchanged
    ? lastBuild.nextChangeAt
    : nextStateChange(outcome.snapshot, outcome.builtAt, deps.settings);
  return {
    ran: true,
    checkOk: check !== undefined,
    newPosts,
    published: outcome.published,
    nextChangeAt,
    built: {
      snapshot: outcome.snapshot,
      recordsHash: outcome.recordsHash,
      lastEntryId,
      nextChangeAt,
    },
    problem: failure,
    appended,
    entries: all,
    publishedNow,
    publishProblem: outcome.problem ?? null,
  };
}

export interface PublishOutcome {
  /** What was published last (now, or before when nothing was due). */
  readonly published: Published | null;
  /** The snapshot built, published or not, and when. */
  readonly snapshot: SnapshotFile;
  readonly recordsHash: string;
  readonly builtAt: number;
  /** Why a publish that was due failed (the last snapshot keeps serving); absent otherwise. */
  readonly problem?: string;
}

/** Builds now and publishes when the records differ from the last publish or the heartbeat is due. */
export async function publishIfDue(
  deps: Pick<MonitorDeps, 'target' | 'settings' | 'clock' | 'logger' | 'heartbeatMs' | 'force'>,
  entries: readonly Entry[],
  last: Published | null,
  heartbeat = true,
  /** A snapshot already built for `entries` now (with its records' hash): no build. */
  prebuilt?: { readonly snapshot: SnapshotFile; readonly recordsHash: string },
): Promise<PublishOutcome> {
  const now = deps.clock();
  const { snapshot, recordsHash } = prebuilt ?? buildNow(deps, entries, now);
  const due =
    last === null ||
    last.recordsHash !== recordsHash ||
    (heartbeat && now - last.at >= deps.heartbeatMs);
  if (!due) return { published: last, snapshot, recordsHash, builtAt: now };
  // The first publish of a process is checked against the live snapshot (guard.ts).
  const guard = last === null ? { entries, force: deps.force === true } : undefined;
  try {
    await publishSnapshot(snapshot, deps.target, guard);
  } catch (error) {
    // Recorded and alerted; the service keeps its last snapshot, and the next round tries again.
    const problem = (error as Error).message;
    deps.logger.error({ err: problem, target: describeTarget(deps.target) }, 'publish failed');
    return { published: last, snapshot, recordsHash, builtAt: now, problem };
  }
  deps.logger.info(
    { records: snapshot.records.length, target: describeTarget(deps.target) },
    'snapshot published',
  );
  return { published: { recordsHash, at: now }, snapshot, recordsHash, builtAt: now };
}

function buildNow(
  deps: Pick<MonitorDeps, 'settings' | 'logger'>,
  entries: readonly Entry[],
  now: number,
): { snapshot: SnapshotFile; recordsHash: string } {
  const { snapshot, omitted } = build(entries, now, deps.settings);
  for (const { id, problem } of omitted)
    deps.logger.error({ id, problem }, 'record left out of the snapshot');
  const recordsHash = createHash('sha256')
    .update(JSON.stringify(snapshot.records))
    .digest('base64url');
  return { snapshot, recordsHash };
}

export const roundDeadlineOf = (deps: Pick<MonitorDeps, 'roundDeadlineMs'>) =>
  deps.roundDeadlineMs ?? ROUND_DEADLINE_MS;

/**
 * The source's check, ended (failed) `deadlineMs` from now or when `stop` is
 * aborted, whether or not the source heeds the signal it is given.
 */
async function boundedCheck(
  source: PostSource,
  since: string | null,
  deadlineMs: number,
  stop: AbortSignal | undefined,
): Promise<SourceCheck> {
  const expiry = new AbortController();
  const timer = setTimeout(
    () =>
      expiry.abort(new Error(`the check did not end within its deadline (${deadlineMs / 1000} s)`)),
    deadlineMs,
  );
  const deadline = Date.now() + deadlineMs;
  const linked = linkedSignal([stop, expiry.signal]);
  const { signal } = linked;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(reasonOf(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([source.check(since, { signal, deadline }), aborted]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    linked.dispose();
  }
}

const reasonOf = (signal: AbortSignal): Error =>
  signal.reason instanceof Error
    ? signal.reason
    : new Error('the monitor stopped during the check');
