import { type CommandNode, commandPaths } from './tree.js';

function words(node: CommandNode, globals: readonly string[]): string {
  return [...new Set([...node.children.map((c) => c.name), ...node.options, ...globals])].join(' ');
}

/** A bash completion script: completes commands, then the options of the command typed so far. */
export function bashScript(root: CommandNode): string {
  const globals = root.options;
  const cases = commandPaths(root)
    .map(({ path, node }) => `    "${path.join(' ')}") opts="${words(node, path.length ? globals : [])}" ;;`)
    .join('\n');
  const known = commandPaths(root)
    .filter(({ path }) => path.length > 0)
    .map(({ path }) => `"${path.join(' ')}"`)
    .join(' ');
  return `# agent-cli bash completion: eval "$(agent-cli completion bash)"
_agent_cli() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" w opts="" k
  local known=(${known})
  for w in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    for k in "\${known[@]}"; do
      if [[ "$k" == "\${path:+$path }$w" ]]; then path="$k"; break; fi
    done
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -F _agent_cli agent-cli
`;
}

/** A zsh completion script, through zsh's bash completion support. */
export function zshScript(root: CommandNode): string {
  return `# agent-cli zsh completion: eval "$(agent-cli completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(root).split('\n').slice(1).join('\n')}`;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "\\'")}'`;
}

/** A fish completion script. */
export function fishScript(root: CommandNode): string {
  const lines = [
    '# agent-cli fish completion: agent-cli completion fish | source',
    'complete -c agent-cli -f',
  ];
  for (const option of root.options) lines.push(`complete -c agent-cli -l ${option.slice(2)}`);
  for (const { path, node } of commandPaths(root)) {
    const seen = path.map((p) => `__fish_seen_subcommand_from ${p}`);
    const notChild = node.children.length
      ? [`not __fish_seen_subcommand_from ${node.children.map((c) => c.name).join(' ')}`]
      : [];
    const here = path.length ? [...seen, ...notChild] : ['__fish_use_subcommand'];
    for (const child of node.children) {
      lines.push(
        `complete -c agent-cli -n ${quote(here.join('; and '))} -a ${child.name} -d ${quote(child.description)}`,
      );
    }
    if (path.length) {
      for (const option of node.options) {
        lines.push(`complete -c agent-cli -n ${quote(seen.join('; and '))} -l ${option.slice(2)}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
