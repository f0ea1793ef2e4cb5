// Writes dist/libs/client/package.json (and copies the README) once `tsc -p libs/client/tsconfig.lib.json`
// has emitted the ESM and .d.ts files there: the publishable @simsvc/client package.
//   node tools/client/write-package.ts   (the client:build target runs it)
import fs from 'node:fs';
import path from 'node:path';

interface PackageJson {
  version: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'dist/libs/client');
const readPackage = (file: string): PackageJson => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;
const workspace = readPackage(path.join(root, 'package.json'));

/** The workspace's declared range of a dependency, else a caret range of the installed version. */
function rangeOf(name: string): string {
  const declared = workspace.dependencies?.[name] ?? workspace.devDependencies?.[name];
  return declared ?? `^${readPackage(path.join(root, 'node_modules', name, 'package.json')).version}`;
}

const manifest = {
  name: '@simsvc/client',
  version: workspace.version,
  description: 'Typed client of the simsvc cache, catalog and results services',
  license: workspace.license,
  type: 'module',
  main: './index.js',
  types: './index.d.ts',
  exports: { '.': { types: './index.d.ts', default: './index.js' }, './package.json': './package.json' },
  sideEffects: false,
  engines: workspace.engines,
  // The .d.ts files name openapi-typescript-helpers' types (openapi-fetch's own dependency).
  dependencies: { 'openapi-fetch': rangeOf('openapi-fetch'), 'openapi-typescript-helpers': rangeOf('openapi-typescript-helpers') },
};

if (!fs.existsSync(path.join(outDir, 'index.js'))) {
  console.error('client: dist/libs/client/index.js is missing: run tsc -p libs/client/tsconfig.lib.json first');
  process.exit(1);
}
fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(path.join(root, 'libs/client/README.md'), path.join(outDir, 'README.md'));
console.log(`client: wrote dist/libs/client/package.json (${manifest.name}@${manifest.version})`);
