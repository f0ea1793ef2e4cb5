import fs from 'node:fs';

/**
 * Writes `text` to `file` unless it already holds exactly that: an unchanged generated file keeps
 * its modification time, so the apps built from it do not look stale (tools/start/build-freshness.ts).
 */
export function writeIfChanged(file: string, text: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (current !== text) fs.writeFileSync(file, text);
}
