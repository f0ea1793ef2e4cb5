// Writes libs/client/src/generated/<service>.ts from the committed openapi/<service>.json with
// openapi-typescript: the client's only request and response types. Written as Prettier formats
// it, so that `prettier --check .` and regenerating agree byte for byte (npm run openapi:check
// fails on a stale file).
//   node tools/openapi/write-client-types.ts
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';
import { writeIfChanged } from './write-if-changed.ts';

const SERVICES = ['cache', 'catalog', 'results'] as const;
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'libs/client/src/generated');

const header = (service: string): string =>
  `// Generated from openapi/${service}.json by tools/openapi/write-client-types.ts (npm run client:types). Do not edit.\n`;

async function typesOf(service: string): Promise<string> {
  const document = JSON.parse(fs.readFileSync(path.join(root, 'openapi', `${service}.json`), 'utf8')) as OpenAPI3;
  // Type aliases (not interfaces) meet openapi-fetch's index-signature constraint on paths; a
  // default makes a field optional in a request body, so defaults must not make fields required.
  const ast = await openapiTS(document, { exportType: true, defaultNonNullable: false });
  const file = path.join(outDir, `${service}.ts`);
  return prettier.format(header(service) + astToString(ast), { ...(await prettier.resolveConfig(file)), filepath: file });
}

try {
  const sources = await Promise.all(SERVICES.map(typesOf));
  fs.mkdirSync(outDir, { recursive: true });
  SERVICES.forEach((service, index) => writeIfChanged(path.join(outDir, `${service}.ts`), sources[index]));
  console.log(`client types: wrote ${SERVICES.map((service) => `libs/client/src/generated/${service}.ts`).join(', ')}`);
} catch (error) {
  console.error(`client types: ${(error as Error).message}`);
  process.exit(1);
}
