import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';

/**
 * The architecture in one rule: two programs and the core they share, imports in one
 * direction. src/shared imports neither program; the service (src/service) and the producer
 * (src/producer) import the shared core and never each other. Only the launcher
 * (src/main.ts) knows both: it dispatches a command to one of them.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports, dynamic imports and worker URLs. */
export function relativeSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bnew URL\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]\s*,\s*import\.meta\.url/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The place a file belongs to: 'shared', 'service', 'producer', 'launcher' or 'outside'. */
function placeOf(path: string): string {
  const rel = relative(SRC, path).split('\\').join('/');
  if (rel === 'main.ts') return 'launcher';
  const top = rel.split('/')[0];
  return top === 'shared' || top === 'service' || top === 'producer' ? top : 'outside';
}

const ALLOWED: Record<string, readonly string[]> = {
  shared: ['shared'],
  service: ['service', 'shared'],
  producer: ['producer', 'shared'],
  launcher: ['launcher', 'service', 'shared', 'producer'],
};

describe('the layout of src/', () => {
  const files = sourceFiles(SRC);

  test('every source file lives in src/shared, src/service or src/producer, or is src/main.ts', () => {
    const outside = files.filter((file) => placeOf(file) === 'outside');
    assert.deepEqual(outside, []);
  });

  test('imports go one way: shared imports neither program, and the two programs never import each other', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = placeOf(file);
      for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), specifier);
        const to = target.startsWith(SRC) ? placeOf(target) : 'outside';
        if (to === 'outside' && !target.startsWith(SRC)) continue; // the skill folder, package.json
        if (!ALLOWED[from]!.includes(to))
          violations.push(`${relative(ROOT, file)} (${from}) imports ${specifier} (${to})`);
      }
    }
    assert.deepEqual(violations, []);
  });

  test('the rule can fail: a producer import in the service is seen', () => {
    const specifiers = relativeSpecifiers(
      "import { x } from '../../producer/a.ts';\nconst m = await import('../producer/b.ts');",
    );
    assert.deepEqual(specifiers, ['../../producer/a.ts', '../producer/b.ts']);
  });
});
