// Small pieces every command module uses: the action wrapper that builds the context, option
// value parsers (a bad value is a usage error), and reading a JSON file argument.
import { type Command, InvalidArgumentError } from 'commander';
import { readFile } from 'node:fs/promises';
import { commandContext, type CommandContext } from './context';
import { readStdin } from './prompt';
import { UsageError } from './usage-error';

/** commander's action arguments (positionals…, options, command) → run(context, positionals…, options). */
export function withContext<Args extends unknown[]>(run: (context: CommandContext, ...args: Args) => Promise<void>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args[args.length - 1] as Command;
    await run(commandContext(command), ...(args.slice(0, -1) as Args));
  };
}

export function integer(min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    return Number(value);
  };
}

export function positiveNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('expected a number greater than 0');
  return number;
}

export function commaList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ];
}

export function repeatable(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function oneOf(...choices: string[]) {
  return (value: string): string => {
    if (!choices.includes(value)) throw new InvalidArgumentError(`expected one of ${choices.join(', ')}`);
    return value;
  };
}

/** A JSON object from a file, or from stdin for `-`. */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${file}: expected a JSON object`);
  return parsed as Record<string, unknown>;
}

/** Adds the examples block to a command's --help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`);
}
