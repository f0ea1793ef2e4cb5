// Writes node_modules/.bin/simsvc after `npm ci` / `npm install` (the root package's postinstall):
// a shim that runs the built CLI, dist/apps/cli/main.js, in the same process.
//   node tools/cli/link-bin.ts
// Why not the root package.json's "bin": for a bin of the root package itself, `npx simsvc` has npm
// read the whole installed tree (~770 packages) and link the workspace into its npx cache before
// running it, ~6 s; a file in node_modules/.bin is run at once (npm's start-up only).
// The postinstall runs this only where it exists: the Dockerfiles run `npm ci` on the manifests
// alone, before the sources are copied.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const binDir = path.join(root, 'node_modules', '.bin');
const shim = path.join(binDir, 'simsvc');

const SHIM = `#!/usr/bin/env node
// Written by tools/cli/link-bin.ts (npm's postinstall): runs the built simsvc CLI.
const path = require('node:path');
const main = path.join(__dirname, '..', '..', 'dist', 'apps', 'cli', 'main.js');
try {
  require.resolve(main);
} catch {
  process.stderr.write('simsvc: the CLI is not built yet: run npm run build (or npx nx run cli:build)\\n');
  process.exit(1);
}
require(main);
`;

fs.mkdirSync(binDir, { recursive: true });
fs.rmSync(shim, { force: true });
fs.writeFileSync(shim, SHIM, { mode: 0o755 });
