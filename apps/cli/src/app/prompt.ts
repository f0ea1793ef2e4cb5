// Passwords and names from the user: all of stdin (--password-stdin), or a prompt on a terminal
// (on stderr, so stdout stays the command's output), the password not echoed.
import { createInterface } from 'node:readline/promises';
import { UsageError } from './usage-error';

/** All of stdin without its final line break. */
export async function readStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function isInteractive(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

export async function promptLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Reads a line on the terminal in raw mode, echoing nothing; Ctrl-C aborts. */
export function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new UsageError('cancelled'));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** A password: from stdin when asked to, else prompted on a terminal; a usage error otherwise. */
export async function readPassword(fromStdin: boolean | undefined, question = 'Password: '): Promise<string> {
  if (fromStdin) return readStdin();
  if (!isInteractive()) throw new UsageError('no terminal to prompt for the password on: give --password-stdin and the password on stdin');
  return promptHidden(question);
}
