import { stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import { tooLarge } from '../../shared/snapshot/read-snapshot-file.ts';
import type { SnapshotStore } from './snapshot-store.ts';

export interface FileWatcher {
  /** Resolves once the file has been checked (and loaded if present) at least once. */
  readonly ready: Promise<void>;
  /** Stops polling and waits for a load under way. */
  stop(): Promise<void>;
}

/**
 * Follows the snapshot file at `path` by polling its metadata every `intervalMs`.
 * Polling (rather than fs.watch) sees atomic renames, editors, network mounts and a
 * file that does not exist yet alike; a stat every 250 ms costs nothing. A changed file
 * is loaded by the store (off the main thread); a deleted file keeps the last good
 * snapshot serving. Anything but a regular file within SNAPSHOT_MAX_BYTES is refused and
 * counted once per change, and each kind of error is logged once, not every 250 ms.
 */
export function watchSnapshotFile(
  path: string,
  store: SnapshotStore,
  maxBytes: number,
  logger: Logger,
  intervalMs = 250,
): FileWatcher {
  let signature = '';
  let lastError = '';
  let running: Promise<void> | undefined;

  const reportOnce = (code: string, log: () => void) => {
    if (code !== lastError) log();
    lastError = code;
  };

  const check = async () => {
    try {
      const info = await stat(path, { bigint: true });
      const next = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
      if (next === signature) return;
      signature = next;
      lastError = '';
      if (!info.isFile()) return store.reject(path, [`${path}: not a regular file`]);
      if (info.size > BigInt(maxBytes)) {
        return store.reject(path, [tooLarge(path, Number(info.size), maxBytes).message]);
      }
      await store.load({ path, bytes: Number(info.size), maxBytes }, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      signature = '';
      if (code === 'ENOENT') {
        reportOnce(code, () => logger.warn({ path }, 'snapshot file not found; waiting for it'));
      } else {
        reportOnce(code, () => logger.error({ path, code }, 'snapshot file could not be read'));
      }
    }
  };

  const tick = () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    ready: tick(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
