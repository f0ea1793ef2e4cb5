// Writes openapi/<service>.json from the built services (npm run build first): each prints its
// document with --print-openapi, built from its module without a database or a port. Written as
// Prettier formats it, so that `prettier --check .` and regenerating agree byte for byte.
//   node tools/openapi/write-documents.js
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const prettier = require('prettier');

const SERVICES = ['cache', 'catalog', 'results'];
const root = path.resolve(__dirname, '../..');
const outDir = path.join(root, 'openapi');

async function documentOf(service) {
  const main = path.join(root, 'dist/apps', service, 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run npm run build first`);
  // An empty environment: the document must not depend on the caller's SIMSVC_* settings.
  const { stdout } = await promisify(execFile)(process.execPath, [main, '--print-openapi'], {
    cwd: root,
    env: { PATH: process.env.PATH },
    maxBuffer: 64 * 1024 * 1024,
  });
  JSON.parse(stdout);
  const file = path.join(outDir, `${service}.json`);
  return prettier.format(stdout, { ...(await prettier.resolveConfig(file)), filepath: file });
}

async function main() {
  const documents = await Promise.all(SERVICES.map(documentOf));
  fs.mkdirSync(outDir, { recursive: true });
  SERVICES.forEach((service, index) => fs.writeFileSync(path.join(outDir, `${service}.json`), documents[index]));
  console.log(`openapi: wrote ${SERVICES.map((service) => `openapi/${service}.json`).join(', ')}`);
}

main().catch((error) => {
  console.error(`openapi: ${error.message}`);
  process.exit(1);
});
