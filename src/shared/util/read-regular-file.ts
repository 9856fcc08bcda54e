import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** A file that cannot be read as asked, with a message an operator can act on. */
export class FileReadError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.code = code;
    this.name = 'FileReadError';
  }
}

/**
 * Reads a regular file with its size bounded. Only a regular file is read: a FIFO would
 * block the reader forever, and a device such as /dev/urandom never ends. The file is
 * opened non-blocking (so opening a FIFO returns at once), checked with fstat on the same
 * descriptor (no race with a rename), and read up to `maxBytes` + 1 bytes, so a file that
 * grows while it is read is refused too.
 */
export async function readRegularFile(path: string, limit: SizeLimit): Promise<string> {
  const { maxBytes } = limit;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw new FileReadError(`${path}: cannot be opened (${code})`, code);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new FileReadError(`${path}: not a regular file`, 'ENOTREGULAR');
    if (info.size > maxBytes) throw tooLarge(path, info.size, limit);
    const buffer = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw tooLarge(path, length, limit);
    return buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
}

/** A size limit and how a message names it, e.g. "snapshot size limit" and SNAPSHOT_MAX_BYTES. */
export interface SizeLimit {
  readonly maxBytes: number;
  readonly label: string;
  readonly setting: string;
}

export const tooLarge = (where: string, bytes: number, limit: SizeLimit) =>
  new FileReadError(
    `${where}: ${bytes} bytes, over the ${limit.label} of ${limit.maxBytes} bytes (${limit.setting})`,
    'ETOOLARGE',
  );
