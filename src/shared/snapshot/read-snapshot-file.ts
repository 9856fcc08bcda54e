import {
  FileReadError,
  readRegularFile,
  tooLarge as tooLargeFile,
} from '../util/read-regular-file.ts';

/** A snapshot file that cannot be read as one (not a regular file, too large, unreadable). */
export { FileReadError as SnapshotReadError };

const limitOf = (maxBytes: number) => ({
  maxBytes,
  label: 'snapshot size limit',
  setting: 'SNAPSHOT_MAX_BYTES',
});

/** Reads a snapshot file within SNAPSHOT_MAX_BYTES; only a regular file (util/read-regular-file.ts). */
export const readSnapshotFile = (path: string, maxBytes: number): Promise<string> =>
  readRegularFile(path, limitOf(maxBytes));

export const tooLarge = (where: string, bytes: number, maxBytes: number) =>
  tooLargeFile(where, bytes, limitOf(maxBytes));
