// Preload for the MCP conformance CLI (@modelcontextprotocol/conformance 0.1.16) on Node 20.
//
// Why it exists: the CLI's bundle (dist/index.js) does `import { globSync } from 'fs'` at load
// time. `fs.globSync` only exists from Node 22, so on Node 20 (this project's CI) the import
// fails with "The requested module 'fs' does not provide an export named 'globSync'" before any
// command runs. Only its `tier-check` command ever calls globSync; the `server` command we use
// never does. So we add a stub that throws a clear error if it is ever called.
//
// How: Node fixes the named exports of a builtin's ESM facade the first time user code loads the
// builtin publicly (require('fs') or import 'fs'). `process.getBuiltinModule` (Node >= 20.16)
// returns the same fs object without building that facade, so the property added here is there
// when the CLI's `import { globSync } from 'fs'` builds it. Load with `node --require <this file>`
// before anything else touches fs. On Node >= 22 fs.globSync exists and this does nothing.
'use strict';

const fs = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('fs') : null;
if (fs === null) {
  throw new Error(
    'node20-globsync-stub: process.getBuiltinModule is missing (Node < 20.16); the MCP conformance CLI needs Node >= 20.18.1 anyway (its undici dependency)',
  );
}
if (typeof fs.globSync !== 'function') {
  fs.globSync = function globSync() {
    throw new Error(
      'fs.globSync is a stub from test/conformance/node20-globsync-stub.cjs: it needs Node >= 22. ' +
        'Only the conformance CLI `tier-check` command uses it; run that on Node 22+.',
    );
  };
}
