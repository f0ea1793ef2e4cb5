// The `simsvc` command tree (commander): global options, then one module per group of commands.
import { Command, CommanderError, Option } from 'commander';
import { registerCacheCommands } from './commands/cache.commands';
import { registerCatalogCommands } from './commands/catalog.commands';
import { registerCompletionCommand } from './commands/completion.command';
import { registerDemoCommand } from './commands/demo/demo.command';
import { registerResultsCommands } from './commands/results.commands';
import { registerSessionCommands } from './commands/session.commands';
import { registerUsersCommands } from './commands/users.commands';
import { describeError, EXIT } from './errors';
import { expandJsonFields } from './json-fields';
import { defaultServiceUrl, httpUrl, type Service } from './service-urls';
import { isVersionRequest, VERSION } from './version';

export interface ProgramIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const EXAMPLES = `
Examples:
  $ echo "$PASSWORD" | simsvc login --username admin --password-stdin
  $ simsvc results register ./data/runs
  $ simsvc results search --simulation heat-1d --where 'length>=2' --limit 10
  $ simsvc --json catalog search heat
  $ simsvc --json execution_id,out.max_temperature results search --simulation heat-1d
  $ simsvc completion bash >> ~/.bashrc

Environment: SIMSVC_CACHE_URL, SIMSVC_CATALOG_URL, SIMSVC_RESULTS_URL, SIMSVC_CONSOLE_URL, SIMSVC_SESSION;
without a URL, SIMSVC_CACHE_PORT, SIMSVC_CATALOG_PORT, SIMSVC_RESULTS_PORT, SIMSVC_CONSOLE_PORT (as the services read them) on 127.0.0.1.
The session of \`simsvc login\` is kept in $XDG_CONFIG_HOME/simsvc/session.json (else ~/.config/simsvc/session.json).
simsvc --version prints the version.
Exit status: 0 success, 1 the service refused, 2 usage error, 3 cannot connect.`;

export function createProgram(io: ProgramIo): Command {
  const program = new Command('simsvc')
    .description('The simsvc command line: sessions, cache, catalog, results and users of the three simsvc services.')
    .addOption(urlOption('cache', 'cache service'))
    .addOption(urlOption('catalog', 'catalog service'))
    .addOption(urlOption('results', 'results service'))
    .addOption(urlOption('console', 'web console (for --web)'))
    .addOption(new Option('--session <id>', 'session to use instead of the stored one').env('SIMSVC_SESSION'))
    .option('--json', "print the service's JSON instead of tables (--json=F,G or --json F,G: only those fields, in.NAME / out.NAME too)")
    .addOption(new Option('--json-fields <fields>').hideHelp())
    .option('--exact', 'print numbers as stored (tables round them to 6 significant digits)')
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(`simsvc: ${text.replace(/^error: /, '')}`),
    })
    .exitOverride()
    .addHelpText('after', EXAMPLES);

  registerSessionCommands(program);
  registerCacheCommands(program);
  registerCatalogCommands(program);
  registerResultsCommands(program);
  registerUsersCommands(program);
  registerCompletionCommand(program);
  registerDemoCommand(program);
  return program;
}

/** --<service>-url: SIMSVC_<SERVICE>_URL, else SIMSVC_<SERVICE>_PORT on 127.0.0.1, else the default port. */
function urlOption(service: Service, description: string): Option {
  const upper = service.toUpperCase();
  return new Option(`--${service}-url <url>`, `${description} (without it: SIMSVC_${upper}_PORT on 127.0.0.1)`)
    .env(`SIMSVC_${upper}_URL`)
    .default(defaultServiceUrl(service))
    .argParser(httpUrl);
}

/** Runs the command line; resolves to the exit status (messages already written). */
export async function runProgram(argv: string[], io: ProgramIo): Promise<number> {
  // Not commander's .version(): its --version would be taken anywhere on the line, also from
  // `catalog show NAME --version V`.
  if (isVersionRequest(argv)) {
    io.stdout(`${VERSION}\n`);
    return EXIT.ok;
  }
  const program = createProgram(io);
  try {
    await program.parseAsync(expandJsonFields(argv), { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help ends with a CommanderError too, with status 0; any other is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { lines, exitCode } = describeError(error, program.opts());
    if (lines.length > 0) io.stderr(`${lines.join('\n')}\n`);
    return exitCode;
  }
}
