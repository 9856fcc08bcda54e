#!/usr/bin/env node
// Runs the TypeScript CLI with no build step. Where Node.js strips types itself as a stable
// feature (24.12 and later), it loads the sources directly; elsewhere (Node.js 20) through
// tsx's loader, whose thread adds about 0.3 s to every start (docs/architecture.md).
const [major, minor] = process.versions.node.split('.').map(Number);
const stripsTypes =
  Boolean(process.features.typescript) &&
  (major > 25 || (major === 25 && minor >= 2) || (major === 24 && minor >= 12));
if (!stripsTypes) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('../src/main.ts');
