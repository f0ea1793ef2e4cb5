// simsvc completion bash|zsh: a completion script generated from the command tree itself.
import { Command } from 'commander';
import { examples, oneOf } from '../command-kit';

export function registerCompletionCommand(program: Command): void {
  examples(
    program
      .command('completion')
      .description('print a shell completion script (bash, or zsh through bashcompinit)')
      .argument('[SHELL]', 'bash or zsh', oneOf('bash', 'zsh'), 'bash')
      .action((shell: string, _opts: unknown, command: Command) => {
        command.parent?.configureOutput().writeOut?.(completionScript(program, shell));
      }),
    ['simsvc completion bash > ~/.local/share/bash-completion/completions/simsvc', 'source <(simsvc completion zsh)   # in ~/.zshrc'],
  );
}

/** Words that may follow each command path: its subcommands and options (global options everywhere). */
export function completionWords(program: Command): Map<string, string[]> {
  const globals = program.options.map((option) => option.long).filter((long): long is string => Boolean(long));
  const words = new Map<string, string[]>();
  const visit = (command: Command, path: string) => {
    const own = command.options.map((option) => option.long).filter((long): long is string => Boolean(long));
    words.set(path, [...command.commands.map((sub) => sub.name()), ...own, ...(command === program ? [] : globals), '--help']);
    for (const sub of command.commands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(program, '');
  return words;
}

function completionScript(program: Command, shell: string): string {
  const cases = [...completionWords(program)]
    .sort(([a], [b]) => b.length - a.length)
    .map(([path, words]) => `    "${path}") words="${words.join(' ')}" ;;`)
    .join('\n');
  return `${shell === 'zsh' ? 'autoload -U +X bashcompinit && bashcompinit\n' : ''}# simsvc completion (${shell})
_simsvc() {
  local cur path="" word i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in -*) continue ;; esac
    case " $(_simsvc_words "\${path:+$path }$word") " in "  ") ;; *) path="\${path:+$path }$word" ;; esac
  done
  COMPREPLY=($(compgen -W "$(_simsvc_words "$path")" -- "$cur"))
}
_simsvc_words() {
  local words=""
  case "$1" in
${cases}
  esac
  echo "$words"
}
complete -o default -F _simsvc simsvc
`;
}
