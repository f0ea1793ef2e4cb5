/** The CLI's version (the root package.json's; the build writes it into dist/apps/cli/package.json too). */
export const VERSION = '0.1.0';

/** `simsvc --version` alone: answered before the command tree and its libraries are loaded. */
export function isVersionRequest(argv: string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
}
