/**
 * The steps of loading one snapshot file, timed apart in a fresh process (row 15): what
 * the service's snapshot worker does (src/service/snapshot/load-snapshot.ts: read, parse and
 * validate, prepare), then what the main thread does with the result (receive it, a
 * structured clone, and build the PreparedSnapshot). Each step runs once, cold, as in the
 * service, which loads a snapshot once per publish.
 *
 * Usage (spawned by bench/perf/snapshot-load.ts): node --import tsx snapshot-load-probe.ts FILE
 * Prints one JSON line: milliseconds per step, the file's size and record count.
 */

import { prepareSnapshotData } from '../../src/service/query/prepared-data.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { readSnapshotFile } from '../../src/shared/snapshot/read-snapshot-file.ts';
import { validateSnapshotText } from '../../src/shared/snapshot/validate.ts';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: snapshot-load-probe.ts FILE');

const time = <T>(work: () => T): [T, number] => {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
};

const readStarted = performance.now();
const text = await readSnapshotFile(file, 1024 * 1024 * 1024);
const readMs = performance.now() - readStarted;
const [validation, validateMs] = time(() => validateSnapshotText(text));
if (!validation.ok) throw new Error('the snapshot is invalid');
const [data, prepareMs] = time(() => prepareSnapshotData(validation.snapshot));
const [received, transferMs] = time(() => structuredClone(data));
const [, installMs] = time(() => new PreparedSnapshot(received));

console.log(
  JSON.stringify({
    bytes: Buffer.byteLength(text),
    records: validation.snapshot.records.length,
    readMs,
    validateMs,
    prepareMs,
    transferMs,
    installMs,
  }),
);
