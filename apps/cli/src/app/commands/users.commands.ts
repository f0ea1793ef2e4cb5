// simsvc users list | create | set-role | delete (admin; the users endpoints of the cache service)
import type { CacheComponents } from '@simsvc/client';
import { Command } from 'commander';
import { examples, oneOf, withContext } from '../command-kit';
import type { CommandContext } from '../context';
import { readPassword } from '../prompt';
import { UsageError } from '../usage-error';

type Role = CacheComponents['schemas']['CreateUserDto']['role'];
type User = CacheComponents['schemas']['UserDto'];
const ROLE = oneOf('user', 'developer', 'admin');

export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('user accounts (admin only)');

  examples(users.command('list').description('every user').action(withContext(list)), ['simsvc users list', 'simsvc --json users list']);
  examples(
    users
      .command('create')
      .description('create a user; the password from stdin (or prompted on a terminal)')
      .argument('<NAME>', 'username')
      .requiredOption('--role <R>', 'user, developer or admin', ROLE)
      .option('--email <E>', 'e-mail address')
      .option('--password-stdin', 'read the password from stdin')
      .action(withContext(create)),
    ['echo "$PASSWORD" | simsvc users create alice --role developer --email alice@example.org --password-stdin'],
  );
  examples(
    users
      .command('set-role')
      .description("change a user's role (applies to new sessions, and to existing ones at their next refresh)")
      .argument('<NAME>', 'username')
      .argument('<R>', 'user, developer or admin', ROLE)
      .action(withContext(setRole)),
    ['simsvc users set-role alice admin'],
  );
  examples(
    users
      .command('delete')
      .description('delete a user and revoke their sessions')
      .argument('<NAME>', 'username')
      .action(withContext(remove)),
    ['simsvc users delete alice'],
  );
}

async function list({ client, out }: CommandContext): Promise<void> {
  const pages = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await client.cache.GET('/users', { params: { query: { limit: 1000, offset } } });
    pages.push(page);
    if (page.users.length < 1000 || offset + page.users.length >= page.total) break;
  }
  const all: User[] = pages.flatMap((page) => page.users);
  if (out.json) return out.document(pages.length === 1 ? pages[0] : { total: pages[0].total, limit: all.length, offset: 0, users: all });
  out.table(
    ['username', 'role', 'email', 'disabled', 'created_at'],
    all.map((user) => [user.username, user.role, user.email, user.disabled ? 'yes' : '', user.created_at]),
  );
}

async function create(
  { client, out }: CommandContext,
  username: string,
  opts: { role: Role; email?: string; passwordStdin?: boolean },
): Promise<void> {
  const password = await readPassword(opts.passwordStdin, `Password for ${username}: `);
  if (password === '') throw new UsageError('the password is empty');
  const body = await client.cache.POST('/users', {
    body: { username, password, role: opts.role, ...(opts.email !== undefined ? { email: opts.email } : {}) },
  });
  if (out.json) return out.document(body);
  out.line(`created ${body.username} (${body.role})`);
}

async function setRole({ client, out }: CommandContext, username: string, role: Role): Promise<void> {
  const body = await client.cache.PATCH('/users/{username}', { params: { path: { username } }, body: { role } });
  if (out.json) return out.document(body);
  out.line(`${body.username} is now ${body.role}`);
}

async function remove({ client, out }: CommandContext, username: string): Promise<void> {
  await client.cache.DELETE('/users/{username}', { params: { path: { username } } });
  if (!out.json) out.line(`deleted ${username}`);
}
