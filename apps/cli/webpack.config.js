const { nodeBundle } = require('../../tools/build/service-webpack-config.ts');
const { chmodSync } = require('fs');
const { join } = require('path');
const { BannerPlugin, sources } = require('webpack');
const rootPackage = require('../../package.json');

const output = join(__dirname, '../../dist/apps/cli');

/**
 * The one dependency left out of the bundle: better-sqlite3 carries a native addon (prebuilt per
 * platform in its own package), so the packed CLI declares it instead of bundling it.
 */
const EXTERNAL = ['better-sqlite3'];

/** `dist/apps/cli/main.js` is the `simsvc` executable: a shebang, and mode 0755 once written. */
class ExecutablePlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('ExecutablePlugin', () => chmodSync(join(output, 'main.js'), 0o755));
  }
}

/**
 * `dist/apps/cli/package.json`: makes the build output an installable package (`npm pack
 * dist/apps/cli`, then `npm install -g simsvc-VERSION.tgz`) whose bin is `simsvc`.
 */
class PackageJsonPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PackageJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PackageJsonPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const manifest = {
            name: rootPackage.name,
            version: rootPackage.version,
            description: 'The simsvc command line',
            license: rootPackage.license,
            bin: { simsvc: 'main.js' },
            files: ['main.js', 'main.js.map'],
            engines: rootPackage.engines,
            dependencies: Object.fromEntries(EXTERNAL.map((name) => [name, rootPackage.dependencies[name]])),
          };
          compilation.emitAsset('package.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = {
  output: { path: output, clean: true },
  plugins: [
    // Bundled: a start-up that resolves no package but better-sqlite3, and a packed CLI that needs no other.
    nodeBundle({ externalDependencies: EXTERNAL }),
    new BannerPlugin({ banner: '#!/usr/bin/env node', raw: true, entryOnly: true }),
    new ExecutablePlugin(),
    new PackageJsonPlugin(),
  ],
};
