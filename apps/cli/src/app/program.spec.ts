import type { Command } from 'commander';
import { completionWords } from './commands/completion.command';
import { createProgram, runProgram } from './program';

function leaves(command: Command, path: string[] = []): { path: string; command: Command }[] {
  if (command.commands.length === 0) return [{ path: path.join(' '), command }];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

function helpOf(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const write = (text: string) => {
    out += text;
  };
  return runProgram([...args, '--help'], { stdout: write, stderr: write }).then((code) => ({ code, out }));
}

describe('the simsvc command tree', () => {
  const program = createProgram({ stdout: () => undefined, stderr: () => undefined });
  const commands = leaves(program);

  it('has every command of the issue', () => {
    expect(commands.map((leaf) => leaf.path).sort()).toEqual(
      [
        'login',
        'logout',
        'whoami',
        'cache get',
        'cache put',
        'cache stats',
        'cache invalidate',
        'cache entries',
        'catalog search',
        'catalog show',
        'catalog register',
        'catalog stats',
        'catalog executions',
        'catalog pending',
        'catalog approve',
        'results register',
        'results search',
        'results show',
        'results stats',
        'results export',
        'results download',
        'users list',
        'users create',
        'users set-role',
        'users delete',
        'completion',
        'demo',
      ].sort(),
    );
  });

  it.each(commands.map((leaf) => leaf.path))('%s --help shows examples and exits 0', async (path) => {
    const { code, out } = await helpOf(path.split(' '));
    expect(code).toBe(0);
    expect(out).toContain(`Usage: simsvc ${path}`);
    expect(out).toMatch(/Examples:\n {2}\$ .*simsvc /);
  });

  it('global options are accepted after the command too', async () => {
    let err = '';
    const code = await runProgram(
      ['results', 'show', '--cache-url', 'http://127.0.0.1:1', '--results-url', 'http://127.0.0.1:1', 'x', '--json'],
      {
        stdout: () => undefined,
        stderr: (text) => (err += text),
      },
    );
    expect(err).not.toContain('unknown option');
    expect(code).not.toBe(2);
  });

  it('completion knows every command path and its options', () => {
    const words = completionWords(program);
    expect(words.get('')).toEqual(expect.arrayContaining(['login', 'cache', 'results', '--json', '--cache-url']));
    expect(words.get('results register')).toEqual(expect.arrayContaining(['--root', '--concurrency', '--replace', '--json']));
  });
});
