'use strict';
// Where the built services live, and a clear failure when one has not been built.

const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['cache', 'catalog', 'results'];
const DEFAULT_PORTS = { cache: 8001, catalog: 8002, results: 8003 };
const BUILD_COMMAND = 'NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build -p cache catalog results';

function distMain(service) {
  return path.join(REPO_ROOT, 'dist', 'apps', service, 'main.js');
}

/** Throws one message naming every service whose bundle is missing. */
function requireBuilt(services) {
  const missing = services.filter((service) => !fs.existsSync(distMain(service)));
  if (missing.length > 0) {
    const files = missing.map((service) => path.relative(REPO_ROOT, distMain(service))).join(', ');
    throw new Error(`not built: ${files} missing. This test builds nothing; run \`${BUILD_COMMAND}\` first.`);
  }
}

module.exports = { REPO_ROOT, SERVICES, DEFAULT_PORTS, BUILD_COMMAND, distMain, requireBuilt };
