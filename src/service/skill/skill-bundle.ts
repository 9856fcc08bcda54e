import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import { PLACEHOLDER_BASE_URL } from '../web/base-url.ts';
import { DEFAULT_SITE_NAME } from '../web/site.ts';

/**
 * The installable agent skill (service.md § Versioning 3, decisions.md §1): the folder
 * `skill/reset-records/` of this repository, read once at start-up and served from memory,
 * file by file and as one zip whose bytes never change between requests or restarts.
 */

export const SKILL_NAME = 'reset-records';
export const SKILL_VERSION = '1.0.0';

/**
 * The service origin the skill's files are written with: a placeholder (a local
 * `npm start`), which SKILL.md says it is, replaced by PUBLIC_BASE_URL when that is set.
 */
export const DEFAULT_BASE_URL = PLACEHOLDER_BASE_URL;

/**
 * SKILL.md's `BASE=<placeholder>   # comment` line. With a base URL the whole line is
 * rewritten, so that its comment no longer calls the address a placeholder.
 */
const BASE_LINE = new RegExp(`^BASE=${DEFAULT_BASE_URL.replaceAll('.', '\\.')}\\b.*$`, 'gm');

const SKILL_DIR = new URL(`../../../skill/${SKILL_NAME}/`, import.meta.url);

/**
 * DOS timestamp of every zip entry. fflate encodes a Date with its local-time getters, so
 * it is built from local-time fields: the same bytes in every time zone. The day is the
 * skill's 1.0.0 release.
 */
const ZIP_MTIME = new Date(2026, 10, 21, 0, 0, 0);

export interface SkillFile {
  /** Relative to the skill folder, `/`-separated, e.g. `SKILL.md`, `references/api.md`. */
  readonly path: string;
  readonly bytes: Buffer;
  /** `sha256:<hex>` of the bytes. */
  readonly digest: string;
}

export interface SkillFrontmatter {
  readonly name: string;
  readonly description: string;
  readonly version: string;
}

export interface SkillBundle extends SkillFrontmatter {
  /** SKILL.md first, then the others in byte order of their paths. */
  readonly files: readonly SkillFile[];
  readonly skillMd: SkillFile;
  /** Skill-level digest of the Agent Skills Discovery RFC v0.2.0 (sorted manifest). */
  readonly digest: string;
  /** The folder `reset-records/` with every file, deflated, fixed timestamps. */
  readonly zip: Buffer;
  readonly zipDigest: string;
}

export interface LoadSkillOptions {
  /** The skill folder; defaults to the bundled `skill/reset-records/`. */
  readonly dir?: URL;
  /**
   * Origin that replaces DEFAULT_BASE_URL in every text file, for a deployment that knows
   * its public address. Must come from configuration, never from a request's Host header.
   */
  readonly baseUrl?: string | undefined;
  /** SITE_NAME: replaces the default product name in every text file when it differs. */
  readonly siteName?: string | undefined;
}

export const sha256 = (bytes: Uint8Array | string) =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** Reads, checks and packs the skill. Throws (so the service does not start) when invalid. */
export function loadSkillBundle(options: LoadSkillOptions = {}): SkillBundle {
  const root = fileURLToPath(options.dir ?? SKILL_DIR);
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const paths = listFiles(root).sort(byteOrder);
  if (!paths.includes('SKILL.md')) throw new Error(`skill: no SKILL.md in ${root}`);
  const ordered = ['SKILL.md', ...paths.filter((path) => path !== 'SKILL.md')];

  const files = ordered.map((path): SkillFile => {
    let bytes = readFileSync(join(root, ...path.split('/')));
    const siteName = options.siteName ?? DEFAULT_SITE_NAME;
    if ((baseUrl !== undefined || siteName !== DEFAULT_SITE_NAME) && isText(path)) {
      let text = bytes.toString('utf8').replaceAll(DEFAULT_SITE_NAME, siteName);
      if (baseUrl !== undefined) {
        text = text
          .replace(BASE_LINE, `BASE=${baseUrl}   # this service's public address`)
          .replaceAll(DEFAULT_BASE_URL, baseUrl);
      }
      bytes = Buffer.from(text, 'utf8');
    }
    return { path, bytes, digest: sha256(bytes) };
  });
  const skillMd = files[0]!;
  const frontmatter = parseSkillFrontmatter(skillMd.bytes.toString('utf8'));
  checkFrontmatter(frontmatter);

  const zip = Buffer.from(
    zipSync({ [frontmatter.name]: nest(files) }, { level: 9, mtime: ZIP_MTIME }),
  );
  return {
    ...frontmatter,
    files,
    skillMd,
    digest: skillDigest(files),
    zip,
    zipDigest: sha256(zip),
  };
}

/**
 * The top-level scalar keys of a SKILL.md's YAML frontmatter (between the first two `---`
 * lines). Nested blocks (`metadata:` and its indented lines) are skipped; quoted values are
 * unquoted. Enough for the fields this service reads, not a YAML parser.
 */
export function parseSkillFrontmatter(text: string): SkillFrontmatter & Record<string, string> {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') throw new Error('skill: SKILL.md must start with a --- line');
  const end = lines.indexOf('---', 1);
  if (end === -1) throw new Error('skill: SKILL.md frontmatter is not closed by a --- line');
  const fields: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    const match = /^([a-z][a-z0-9-]*):(?: (.*))?$/.exec(line);
    if (match === null) continue; // indented lines of a nested block
    const value = (match[2] ?? '').trim();
    fields[match[1]!] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return fields as SkillFrontmatter & Record<string, string>;
}

/** Skill-level digest: SHA-256 of `path\0hex\n` lines sorted by path (RFC v0.2.0). */
export function skillDigest(files: readonly Pick<SkillFile, 'path' | 'digest'>[]): string {
  const manifest = [...files]
    .sort((a, b) => byteOrder(a.path, b.path))
    .map(({ path, digest }) => `${path}\0${digest.slice('sha256:'.length)}\n`)
    .join('');
  return sha256(Buffer.from(manifest, 'utf8'));
}

function checkFrontmatter({ name, description, version }: SkillFrontmatter): void {
  // Agent Skills specification: 1-64 lowercase letters, digits and single hyphens.
  if (name !== SKILL_NAME || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`skill: frontmatter name must be ${SKILL_NAME}, got ${String(name)}`);
  }
  if (!description || description.length > 1024) {
    throw new Error('skill: frontmatter description must have 1 to 1024 characters');
  }
  if (version !== SKILL_VERSION) {
    throw new Error(`skill: frontmatter version must be ${SKILL_VERSION}, got ${String(version)}`);
  }
}

function checkBaseUrl(value: string): string {
  const url = new URL(value);
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new Error(`skill: base URL must be an http(s) origin, got ${value}`);
  }
  return url.origin;
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(root, full);
    return entry.isFile() ? [relative(root, full).split(sep).join('/')] : [];
  });
}

/** The files as fflate's nested directory object, in the bundle's order. */
function nest(files: readonly SkillFile[]): Zippable {
  const tree: Zippable = {};
  for (const { path, bytes } of files) {
    const parts = path.split('/');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Zippable;
    }
    node[parts.at(-1)!] = new Uint8Array(bytes);
  }
  return tree;
}

const isText = (path: string) => /\.(md|txt|json)$/.test(path);

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
