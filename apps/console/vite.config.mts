/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console's bundle: everything (fonts, charts, scripts) is served from the same origin, and the
// output has no inline script, so the server's Content-Security-Policy can forbid both.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/console',
  plugins: [react()],
  // @simsvc/client and the other workspace paths, from tsconfig.base.json through this project's tsconfig.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/apps/console',
    emptyOutDir: true,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  test: {
    name: 'console',
    environment: 'node',
    include: ['src/**/*.spec.{ts,tsx}'],
    reporters: ['default'],
  },
});
