import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import {
  DEFAULT_BASE_URL,
  loadSkillBundle,
  parseSkillFrontmatter,
  skillDigest,
} from '../../src/service/skill/skill-bundle.ts';

const FRONTMATTER = `---
name: reset-records
description: "Use it: when asked about resets."
version: 1.0.0
metadata:
  version: "1.0.0"
---
`;

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A skill folder with the given files; returns its URL with a trailing slash. */
function skillDir(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'skill-test-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, ...path.split('/'));
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
  return pathToFileURL(`${dir}/`);
}

describe('skill bundle', () => {
  test('the skill-level digest matches the worked example of the discovery RFC v0.2.0', () => {
    assert.equal(
      skillDigest([
        {
          path: 'scripts/run.sh',
          digest: 'sha256:a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf',
        },
        {
          path: 'SKILL.md',
          digest: 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be',
        },
      ]),
      'sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e',
    );
  });

  test('parses top-level scalars, unquotes them and skips nested blocks', () => {
    const fields = parseSkillFrontmatter(`${FRONTMATTER}# Body\nname: not this\n`);
    assert.deepEqual(
      { ...fields },
      {
        name: 'reset-records',
        description: 'Use it: when asked about resets.',
        version: '1.0.0',
        metadata: '',
      },
    );
    assert.throws(() => parseSkillFrontmatter('# no frontmatter\n'), /must start with/);
    assert.throws(() => parseSkillFrontmatter('---\nname: x\n'), /not closed/);
  });

  test('the bundled skill: SKILL.md first, files in byte order, version 1.0.0, same zip bytes each time', () => {
    const bundle = loadSkillBundle();
    assert.equal(bundle.name, 'reset-records');
    assert.equal(bundle.version, '1.0.0');
    assert.deepEqual(
      bundle.files.map((file) => file.path),
      ['SKILL.md', 'references/api.md'],
    );
    const onDisk = readFileSync(new URL('../../skill/reset-records/SKILL.md', import.meta.url));
    assert.ok(bundle.skillMd.bytes.equals(onDisk));
    assert.ok(bundle.zip.equals(loadSkillBundle().zip));
    assert.ok(bundle.skillMd.bytes.toString('utf8').includes(`BASE=${DEFAULT_BASE_URL} `));
  });

  test('a configured base URL replaces the default in every text file and in the zip', () => {
    const dir = skillDir({
      'SKILL.md': `${FRONTMATTER}Call ${DEFAULT_BASE_URL}/mcp or ${DEFAULT_BASE_URL}/openapi/v1.\n`,
      'references/more.md': `See ${DEFAULT_BASE_URL}/docs.\n`,
    });
    const bundle = loadSkillBundle({ dir, baseUrl: 'https://reset.example.org/' });
    assert.equal(
      bundle.skillMd.bytes.toString('utf8'),
      `${FRONTMATTER}Call https://reset.example.org/mcp or https://reset.example.org/openapi/v1.\n`,
    );
    const entries = unzipSync(new Uint8Array(bundle.zip));
    assert.equal(
      Buffer.from(entries['reset-records/references/more.md']!).toString('utf8'),
      'See https://reset.example.org/docs.\n',
    );
    for (const bad of ['https://x.example/path', 'ftp://x.example', 'https://u:p@x.example', 'x']) {
      assert.throws(() => loadSkillBundle({ dir, baseUrl: bad }), Error, bad);
    }
  });

  test('with a base URL, the BASE= line no longer calls the address a placeholder', () => {
    const dir = skillDir({
      'SKILL.md': `${FRONTMATTER}\`\`\`sh\nBASE=${DEFAULT_BASE_URL}   # placeholder (a local npm start)\n\`\`\`\nSee $BASE/mcp, not ${DEFAULT_BASE_URL}/docs.\n`,
    });
    const text = loadSkillBundle({
      dir,
      baseUrl: 'https://reset.example.org',
    }).skillMd.bytes.toString('utf8');
    assert.ok(text.includes("BASE=https://reset.example.org   # this service's public address\n"));
    assert.ok(text.includes('not https://reset.example.org/docs.'));
    assert.doesNotMatch(text, /placeholder|localhost/);
    const untouched = loadSkillBundle({ dir }).skillMd.bytes.toString('utf8');
    assert.ok(untouched.includes(`BASE=${DEFAULT_BASE_URL}   # placeholder (a local npm start)`));
  });

  test('refuses a skill without SKILL.md, with another name or with another version', () => {
    assert.throws(() => loadSkillBundle({ dir: skillDir({ 'README.md': 'x' }) }), /no SKILL.md/);
    assert.throws(
      () =>
        loadSkillBundle({
          dir: skillDir({ 'SKILL.md': FRONTMATTER.replace('reset-records', 'other') }),
        }),
      /name must be reset-records/,
    );
    assert.throws(
      () =>
        loadSkillBundle({
          dir: skillDir({ 'SKILL.md': FRONTMATTER.replace('version: 1.0.0', 'version: 1.0.1') }),
        }),
      /version must be 1.0.0/,
    );
    assert.throws(
      () =>
        loadSkillBundle({
          dir: skillDir({ 'SKILL.md': FRONTMATTER.replace(/description: .*/, 'description:') }),
        }),
      /description/,
    );
  });
});
