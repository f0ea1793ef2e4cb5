// What every command starts from: the global options (URLs, session, --json) made into a typed
// client with the session to use, and the output.
import { createSimsvcClient, type SimsvcClient } from '@simsvc/client';
import type { Command } from 'commander';
import { parseFieldList } from './json-fields';
import { createOutput, terminalWidth, type Output } from './output';
import { SessionStore } from './session-store';

export interface GlobalOptions {
  cacheUrl: string;
  catalogUrl: string;
  resultsUrl: string;
  consoleUrl: string;
  session?: string;
  json?: boolean;
  jsonFields?: string;
  exact?: boolean;
}

export interface CommandContext {
  options: GlobalOptions;
  client: SimsvcClient;
  out: Output;
  sessions: SessionStore;
}

/** The context of the command being run; `--session` / SIMSVC_SESSION win over the stored session. */
export function commandContext(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const sessions = new SessionStore();
  const session = options.session || sessions.get(options.cacheUrl)?.token;
  const client = createSimsvcClient({
    cacheUrl: options.cacheUrl,
    catalogUrl: options.catalogUrl,
    resultsUrl: options.resultsUrl,
    session,
  });
  const out = createOutput({
    json: Boolean(options.json || options.jsonFields),
    fields: options.jsonFields !== undefined ? parseFieldList(options.jsonFields) : undefined,
    exact: Boolean(options.exact),
    width: terminalWidth(),
  });
  return { options, client, out, sessions };
}
