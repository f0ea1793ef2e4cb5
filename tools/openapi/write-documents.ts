// Writes openapi/<service>.json from the built services (npm run build first): each prints its
// document with --print-openapi, built from its module without a database or a port. Written as
// Prettier formats it, so that `prettier --check .` and regenerating agree byte for byte.
//   node tools/openapi/write-documents.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import prettier from 'prettier';
import { writeIfChanged } from './write-if-changed.ts';

const SERVICES = ['cache', 'catalog', 'results'];
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'openapi');

async function documentOf(service: string): Promise<string> {
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

async function main(): Promise<void> {
  const documents = await Promise.all(SERVICES.map(documentOf));
  fs.mkdirSync(outDir, { recursive: true });
  SERVICES.forEach((service, index) => writeIfChanged(path.join(outDir, `${service}.json`), documents[index]));
  console.log(`openapi: wrote ${SERVICES.map((service) => `openapi/${service}.json`).join(', ')}`);
}

main().catch((error: Error) => {
  console.error(`openapi: ${error.message}`);
  process.exit(1);
});
