// simsvc login | logout | whoami: sessions live on the cache service and are shared by all three.
import { SimsvcError } from '@simsvc/client';
import { Command } from 'commander';
import { commaList, examples, positiveNumber, withContext } from '../command-kit';
import type { CommandContext } from '../context';
import { isInteractive, promptLine, readPassword } from '../prompt';
import { UsageError } from '../usage-error';

interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  anonymous?: boolean;
  privileges?: string[];
  hours?: number;
}

export function registerSessionCommands(program: Command): void {
  examples(
    program
      .command('login')
      .description('log in (prompts on a terminal) or get an anonymous session; stores the session for the cache URL')
      .option('--username <name>', 'user to log in as (prompted when absent on a terminal)')
      .option('--password-stdin', 'read the password from stdin')
      .option('--anonymous', 'an anonymous session instead of a user login')
      .option('--privileges <a,b>', 'with --anonymous: privileges beyond the anonymous set (the current session must hold them)', commaList)
      .option('--hours <H>', 'session lifetime in hours (default 24, at most 720)', positiveNumber)
      .action(withContext(login)),
    [
      'simsvc login --username admin                       # prompts for the password',
      'echo "$PASSWORD" | simsvc login --username admin --password-stdin',
      'simsvc login --anonymous --hours 2',
      'simsvc login --anonymous --privileges read_catalog,write_results',
    ],
  );

  examples(program.command('logout').description('revoke the stored session on the server and delete it').action(withContext(logout)), [
    'simsvc logout',
  ]);

  examples(program.command('whoami').description('the current session: user, role, privileges, expiry').action(withContext(whoami)), [
    'simsvc whoami',
    'simsvc --json whoami',
  ]);
}

async function login({ client, out, options, sessions }: CommandContext, opts: LoginOptions): Promise<void> {
  let body;
  if (opts.anonymous) {
    if (opts.username || opts.passwordStdin) throw new UsageError('--anonymous takes no --username or --password-stdin');
    // Privileges beyond the anonymous set are granted by the current session; none are needed otherwise.
    if (!opts.privileges?.length) client.setSession(undefined);
    body = await client.session.anonymous({
      ...(opts.privileges?.length ? { privileges: opts.privileges } : {}),
      ...(opts.hours !== undefined ? { lifetime_hours: opts.hours } : {}),
    });
  } else {
    if (opts.privileges) throw new UsageError('--privileges needs --anonymous');
    let username = opts.username;
    if (!username) {
      if (!isInteractive() || opts.passwordStdin) throw new UsageError('give --username (no terminal to prompt on)');
      username = await promptLine('Username: ');
    }
    const password = await readPassword(opts.passwordStdin);
    if (password === '') throw new UsageError('the password is empty');
    client.setSession(undefined);
    body = await client.session.login({ username, password, ...(opts.hours !== undefined ? { lifetime_hours: opts.hours } : {}) });
  }
  sessions.set(options.cacheUrl, { token: body.token, username: body.username, role: body.role, expires_at: body.expires_at });
  if (out.json) return out.document(body);
  out.line(`logged in${body.username ? ` as ${body.username}` : ' anonymously'} (${body.role}) until ${body.expires_at} UTC`);
  out.line(`session stored in ${sessions.path}`);
}

async function logout({ client, out, options, sessions }: CommandContext): Promise<void> {
  const stored = sessions.get(options.cacheUrl);
  if (!client.sessionId) throw new UsageError(`not logged in at ${options.cacheUrl}`);
  let note = 'logged out';
  try {
    await client.session.logout();
  } catch (error) {
    // An expired or revoked session is already gone on the server: forget it all the same.
    if (!(error instanceof SimsvcError && error.status === 401)) throw error;
    note = 'the session had already ended; forgotten';
  }
  if (stored && stored.token === (options.session || stored.token)) sessions.delete(options.cacheUrl);
  if (!out.json) out.line(note);
}

async function whoami({ client, out }: CommandContext): Promise<void> {
  if (!client.sessionId) throw new UsageError('not logged in: run simsvc login (or give --session)');
  const body = await client.session.current();
  if (out.json) return out.document(body);
  out.record({ ...body, username: body.username ?? '(anonymous)', privileges: body.privileges.join(', ') }, [
    'username',
    'role',
    'privileges',
    'expires_at',
  ]);
}
