import { readFileSync } from 'node:fs';

/**
 * The service worker's source as served at /push-sw.js: the file in assets/ with the site's
 * name (SITE_NAME) written in, for the notification it shows when a message is not the
 * service's. Built once at start-up.
 */

const WORKER_FILE = new URL('./assets/push-sw.js', import.meta.url);
/** The line of the file the name replaces: its value is the default SITE_NAME. */
const NAME_LINE = /^const SITE_NAME = '[^'\n]*';$/m;

/** `template` with `siteName` as its SITE_NAME (a JSON string is a JavaScript string literal). */
export function pushWorkerSource(template: string, siteName: string): string {
  if (!NAME_LINE.test(template)) throw new Error('push-sw.js has no SITE_NAME line to fill in');
  return template.replace(NAME_LINE, () => `const SITE_NAME = ${JSON.stringify(siteName)};`);
}

export function readPushWorker(siteName: string): string {
  return pushWorkerSource(readFileSync(WORKER_FILE, 'utf8'), siteName);
}
