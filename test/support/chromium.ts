import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which Chromium the browser tests drive, first found of:
 * 1. CHROMIUM_PATH, when set (then it must be there: a typo is an error, not a fall-back);
 * 2. the system's, Debian's package at /usr/bin/chromium (SYSTEM_CHROMIUM_PATH moves where
 *    it is looked for: a path that does not exist simulates a machine without one);
 * 3. the one inside the npm package @sparticuz/chromium (a devDependency): a Chromium
 *    headless shell shipped in the package, brotli-compressed. It is unpacked once into
 *    node_modules/.cache/ by the package's own code; nothing is downloaded, at install or
 *    at run time. docs/testing.md says why this package.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const NPM_PACKAGE = '@sparticuz/chromium';
/** Unpacking writes about 200 MB; on a slow disk under load that can take a while. */
const UNPACK_LIMIT_MS = 180_000;

export interface FoundChromium {
  readonly path: string;
  /** Where it came from, for the runner's first line. */
  readonly from: 'CHROMIUM_PATH' | 'system' | 'npm';
}

/** No browser to be had; the message says what to do. */
export class ChromiumNotFound extends Error {
  override name = 'ChromiumNotFound';
}

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundChromium> {
  const chosen = env['CHROMIUM_PATH'];
  if (chosen) {
    if (await isExecutable(chosen)) return { path: chosen, from: 'CHROMIUM_PATH' };
    throw new ChromiumNotFound(
      `CHROMIUM_PATH=${chosen} is not an executable file: correct it, or unset it to use ${SYSTEM_CHROMIUM} or the npm package ${NPM_PACKAGE}`,
    );
  }
  const system = env['SYSTEM_CHROMIUM_PATH'] || SYSTEM_CHROMIUM;
  if (await isExecutable(system)) return { path: system, from: 'system' };
  return { path: await unpackNpmChromium(), from: 'npm' };
}

/**
 * The npm package's Chromium, unpacked under node_modules/.cache/ (once per version). The
 * package unpacks into os.tmpdir() at a fixed name, trusting whatever is there, and two test
 * files could unpack at once: so it runs in a child process whose TMPDIR is a fresh
 * directory, which is then renamed into place in one step (the first rename wins).
 */
async function unpackNpmChromium(): Promise<string> {
  const require = createRequire(join(ROOT, 'package.json'));
  let manifest: string;
  try {
    // Its exports hide package.json: found from its entry point.
    const entry = require.resolve(NPM_PACKAGE);
    const folder = join('node_modules', NPM_PACKAGE);
    manifest = join(entry.slice(0, entry.lastIndexOf(folder) + folder.length), 'package.json');
  } catch {
    throw new ChromiumNotFound(
      `no Chromium: none at ${SYSTEM_CHROMIUM} and the npm package ${NPM_PACKAGE} is not installed: run npm ci (or apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  }
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const cache = join(ROOT, 'node_modules', '.cache', 'reset-records');
  const target = join(cache, `chromium-${version}`);
  if (await isExecutable(join(target, 'chromium'))) return join(target, 'chromium');

  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(join(cache, `chromium-${version}.unpacking-`));
  try {
    const printed = await unpackInto(staging);
    if (printed !== join(staging, 'chromium') || !(await isExecutable(printed))) {
      throw new Error(`the package unpacked to an unexpected place: ${printed.slice(0, 200)}`);
    }
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process unpacked the same version first: use its copy.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      if (!(await isExecutable(join(target, 'chromium')))) throw error;
    });
  } catch (error) {
    throw new ChromiumNotFound(
      `no Chromium: none at ${SYSTEM_CHROMIUM}, and unpacking the npm package ${NPM_PACKAGE} failed (${(error as Error).message.split('\n')[0]}): check the free space under node_modules/.cache, or apt-get install chromium, or set CHROMIUM_PATH`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return join(target, 'chromium');
}

/** Runs the package's executablePath() with TMPDIR=`dir`; resolves with the path it printed. */
function unpackInto(dir: string): Promise<string> {
  const script = `import('${NPM_PACKAGE}').then((m) => m.default.executablePath()).then((path) => process.stdout.write(path))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: UNPACK_LIMIT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-4096);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`exit ${code ?? signal}: ${stderr.trim() || 'no message'}`));
    });
  });
}
