import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

/**
 * The user docs link nothing outside the repository (a clone must be complete): every
 * Markdown link in README.md, SECURITY.md, BENCHMARKS.md and docs/ is an anchor or a path
 * that exists in the repository, and an anchor names a heading of the file it points at.
 * Addresses inside code blocks and inline code are examples, not links.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(path: string): Set<string> {
  const text = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

const files = [
  ...['README.md', 'SECURITY.md', 'BENCHMARKS.md'].map((name) => join(ROOT, name)),
  ...markdownFiles(join(ROOT, 'docs')),
];

for (const file of files) {
  test(`every link in ${relative(ROOT, file)} is a file of the repository or a heading`, () => {
    const text = readFileSync(file, 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)|<(https?:\/\/[^>]+)>/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    for (const link of links) {
      assert.doesNotMatch(link, /^[a-z]+:/i, `links outside the repository: ${link}`);
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? file : resolve(dirname(file), path);
      assert.ok(existsSync(target), `links to a missing file: ${link}`);
      if (anchor !== undefined && target.endsWith('.md'))
        assert.ok(anchorsOf(target).has(anchor), `links to a missing heading: ${link}`);
    }
  });
}
