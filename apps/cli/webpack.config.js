const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { chmodSync } = require('fs');
const { join } = require('path');
const { BannerPlugin } = require('webpack');

const output = join(__dirname, '../../dist/apps/cli');

/** `dist/apps/cli/main.js` is the `simsvc` executable: a shebang, and mode 0755 once written. */
class ExecutablePlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('ExecutablePlugin', () => chmodSync(join(output, 'main.js'), 0o755));
  }
}

module.exports = {
  output: { path: output, clean: true },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      optimization: false,
      outputHashing: 'none',
      sourceMap: true,
    }),
    new BannerPlugin({ banner: '#!/usr/bin/env node', raw: true, entryOnly: true }),
    new ExecutablePlugin(),
  ],
};
