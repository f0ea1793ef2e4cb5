// simsvc completion bash|zsh|fish: a completion script generated from the command tree itself
// (no completion package is installed, and commander has none of its own).
import { Command } from 'commander';
import { examples, oneOf } from '../command-kit';

export function registerCompletionCommand(program: Command): void {
  examples(
    program
      .command('completion')
      .description('print a shell completion script (bash, fish, or zsh through bashcompinit)')
      .argument('[SHELL]', 'bash, zsh or fish', oneOf('bash', 'zsh', 'fish'), 'bash')
      .action((shell: string, _opts: unknown, command: Command) => {
        command.parent?.configureOutput().writeOut?.(completionScript(program, shell));
      }),
    [
      'simsvc completion bash > ~/.local/share/bash-completion/completions/simsvc',
      'source <(simsvc completion zsh)   # in ~/.zshrc',
      'simsvc completion fish > ~/.config/fish/completions/simsvc.fish',
    ],
  );
}

/** Words that may follow each command path: its subcommands and options (global options everywhere). */
export function completionWords(program: Command): Map<string, string[]> {
  const globals = program.options
    .filter((option) => !option.hidden)
    .map((option) => option.long)
    .filter((long): long is string => Boolean(long));
  const words = new Map<string, string[]>();
  const visit = (command: Command, path: string) => {
    const own = command.options
      .filter((option) => !option.hidden)
      .map((option) => option.long)
      .filter((long): long is string => Boolean(long));
    words.set(path, [...command.commands.map((sub) => sub.name()), ...own, ...(command === program ? [] : globals), '--help']);
    for (const sub of command.commands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(program, '');
  return words;
}

function completionScript(program: Command, shell: string): string {
  if (shell === 'fish') return fishScript(program);
  const cases = [...completionWords(program)]
    .sort(([a], [b]) => b.length - a.length)
    .map(([path, words]) => `    "${path}") words="${words.join(' ')}" ;;`)
    .join('\n');
  const zsh = '(( $+functions[compdef] )) || { autoload -U +X compinit && compinit; }\nautoload -U +X bashcompinit && bashcompinit\n';
  return `${shell === 'zsh' ? zsh : ''}# simsvc completion (${shell})
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

/**
 * fish: `__simsvc_path` is the words typed so far that name subcommands; per path, its
 * subcommands complete as arguments and its options as long options (fish offers those for `-`).
 */
function fishScript(program: Command): string {
  const lines = [...completionWords(program)].flatMap(([path, words]) => {
    const condition = `-n "__simsvc_at '${path}'"`;
    const subcommands = words.filter((word) => !word.startsWith('-'));
    const options = words.filter((word) => word.startsWith('--')).map((word) => word.slice(2));
    return [
      ...(subcommands.length > 0 ? [`complete -c simsvc ${condition} -f -a '${subcommands.join(' ')}'`] : []),
      ...options.map((option) => `complete -c simsvc ${condition} -l ${option}`),
    ];
  });
  const paths = [...completionWords(program).keys()].filter(Boolean);
  return `# simsvc completion (fish)
function __simsvc_path
    set -l path
    for word in (commandline -opc)[2..-1]
        string match -q -- '-*' $word; and continue
        contains -- (string join ' ' $path $word) ${paths.map((path) => `'${path}'`).join(' ')}; and set path $path $word
    end
    string join ' ' $path
end
function __simsvc_at
    set -l path (__simsvc_path)
    test "$path" = "$argv"
end
complete -c simsvc -f
${lines.join('\n')}
`;
}
