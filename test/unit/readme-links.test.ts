import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

/**
 * The README links nothing outside the repository (a clone must be complete): every
 * Markdown link is an anchor or a path that exists in the repository. Addresses inside
 * code blocks and inline code are examples, not links.
 */
test('every link in README.md and SECURITY.md is an anchor or a file of the repository', () => {
  for (const name of ['README.md', 'SECURITY.md']) {
    const root = new URL('../../', import.meta.url);
    const text = readFileSync(new URL(name, root), 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)|<(https?:\/\/[^>]+)>/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    for (const link of links) {
      if (link.startsWith('#')) continue;
      assert.doesNotMatch(link, /^[a-z]+:/i, `${name} links outside the repository: ${link}`);
      const path = link.split('#')[0]!;
      assert.ok(existsSync(new URL(path, root)), `${name} links to a missing file: ${link}`);
    }
  }
});
