import { spawn } from 'node:child_process';
import { join } from 'node:path';

// A guard against hangs, not a speed assertion.
const HANG_GUARD_MS = 20_000;
const MODULE = join(__dirname, 'buffered-standard-output.ts');

interface Child {
  /** Resolves once standard output holds `text`. */
  printed(text: string): Promise<void>;
  /** Everything printed, once the process has exited. */
  exited: Promise<{ code: number | null; stdout: string }>;
  stdinEnd(): void;
}

/** A real Node.js process running `body` with `destination` = bufferedStandardOutput(). */
function run(body: string): Child {
  const script = `import { bufferedStandardOutput } from ${JSON.stringify(MODULE)};\nconst destination = bufferedStandardOutput();\n${body}`;
  const child = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'ignore'] });
  let stdout = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const wait of waiting.filter(({ text }) => stdout.includes(text))) wait.resolve();
  });
  return {
    printed: (text) => (stdout.includes(text) ? Promise.resolve() : new Promise((resolve) => waiting.push({ text, resolve }))),
    exited: new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout }))),
    stdinEnd: () => child.stdin.end(),
  };
}

describe('bufferedStandardOutput', () => {
  it(
    'writes a line of an otherwise idle process without waiting for a full batch',
    async () => {
      // The process stays alive (reading standard input) and writes nothing more.
      const child = run(`destination.write('{"msg":"idle line"}\\n');\nprocess.stdin.resume().on('end', () => process.exit(0));`);
      await child.printed('idle line');
      child.stdinEnd();
      expect(await child.exited).toEqual({ code: 0, stdout: '{"msg":"idle line"}\n' });
    },
    HANG_GUARD_MS,
  );

  it(
    'writes every pending line, in order, when the process exits at once',
    async () => {
      const child = run(`for (let i = 0; i < 3; i++) destination.write(\`line \${i}\\n\`);\nprocess.exit(3);`);
      expect(await child.exited).toEqual({ code: 3, stdout: 'line 0\nline 1\nline 2\n' });
    },
    HANG_GUARD_MS,
  );

  it(
    'writes the pending lines when the process dies of an uncaught exception',
    async () => {
      const child = run(`destination.write('before the crash\\n');\nsetImmediate(() => { throw new Error('boom'); });`);
      const exit = await child.exited;
      expect(exit.code).not.toBe(0);
      expect(exit.stdout).toBe('before the crash\n');
    },
    HANG_GUARD_MS,
  );

  it(
    'writes more than a batch of lines completely',
    async () => {
      const line = `${'x'.repeat(99)}\n`;
      const child = run(`for (let i = 0; i < 1000; i++) destination.write(${JSON.stringify(line)});\nprocess.exit(0);`);
      expect((await child.exited).stdout).toBe(line.repeat(1000));
    },
    HANG_GUARD_MS,
  );
});
