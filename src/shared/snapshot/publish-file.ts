import { randomBytes } from 'node:crypto';
import { lstat, readlink, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Publishes `text` at `path` atomically: written to a temporary file in the same
 * directory, flushed, then renamed over the target, so a reader (the file watcher)
 * sees the old file or the new one, never half of one.
 *
 * When `path` is a symbolic link (a deployment that switches SNAPSHOT_PATH between
 * releases or volumes), the file it points at is what is replaced, the same way, in its
 * own directory: the link stays a link (issue 16, finding 15). The service's watcher
 * follows it (stat, not lstat).
 */
export async function publishToFile(path: string, text: string): Promise<void> {
  const destination = await followLinks(path);
  const temporary = join(
    dirname(destination),
    `.${basename(destination)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, text, { flush: true });
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** As many links as Linux follows before ELOOP. */
const MAX_LINKS = 40;

/** The file `path` names once every symbolic link is followed (it need not exist). */
async function followLinks(path: string): Promise<string> {
  let current = resolve(path);
  for (let followed = 0; followed <= MAX_LINKS; followed++) {
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current;
      throw error;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw Object.assign(new Error(`${path}: more than ${MAX_LINKS} symbolic links (a loop?)`), {
    code: 'ELOOP',
  });
}
