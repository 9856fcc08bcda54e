import { readFile, stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { SnapshotStore } from './snapshot-store.ts';

/** Snapshots larger than this are refused rather than read into memory. */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;

export interface FileWatcher {
  /** Resolves once the file has been checked (and loaded if present) at least once. */
  readonly ready: Promise<void>;
  stop(): void;
}

/**
 * Follows the snapshot file at `path` by polling its metadata every `intervalMs`.
 * Polling (rather than fs.watch) sees atomic renames, editors, network mounts and a
 * file that does not exist yet alike; a stat every 250 ms costs nothing. A changed file
 * is read and offered to the store; a deleted file keeps the last good snapshot serving.
 */
export function watchSnapshotFile(
  path: string,
  store: SnapshotStore,
  logger: Logger,
  intervalMs = 250,
): FileWatcher {
  let signature = '';
  let missingLogged = false;
  let running = false;

  const check = async () => {
    if (running) return;
    running = true;
    try {
      const info = await stat(path, { bigint: true });
      const next = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
      missingLogged = false;
      if (next === signature) return;
      signature = next;
      if (info.size > BigInt(MAX_SNAPSHOT_BYTES)) {
        logger.error({ path, bytes: Number(info.size) }, 'snapshot file too large; ignored');
        return;
      }
      store.offer(await readFile(path, 'utf8'), path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        signature = '';
        if (!missingLogged) logger.warn({ path }, 'snapshot file not found; waiting for it');
        missingLogged = true;
      } else {
        logger.error({ path, code }, 'snapshot file could not be read');
      }
    } finally {
      running = false;
    }
  };

  const timer = setInterval(check, intervalMs);
  timer.unref();
  return { ready: check(), stop: () => clearInterval(timer) };
}
