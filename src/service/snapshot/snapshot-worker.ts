import { parentPort } from 'node:worker_threads';
import { loadSnapshot, type SnapshotInput } from './load-snapshot.ts';

/** The snapshot worker: loads one snapshot per message, in order (snapshot-loader.ts). */
parentPort!.on('message', async (input: SnapshotInput) => {
  try {
    parentPort!.postMessage(await loadSnapshot(input));
  } catch (error) {
    parentPort!.postMessage({ ok: false, problems: [`load failed: ${(error as Error).message}`] });
  }
});
