import type { Command } from 'commander';

/** A command as shell completion sees it. */
export interface CommandNode {
  name: string;
  description: string;
  /** Long option flags, e.g. `--json`. */
  options: string[];
  children: CommandNode[];
}

/** The command tree below `cmd`, with its long options (help included). */
export function commandTree(cmd: Command): CommandNode {
  const options = cmd.options.map((o) => o.long).filter((l): l is string => Boolean(l));
  return {
    name: cmd.name(),
    description: cmd.description(),
    options: [...options, '--help'],
    children: cmd.commands.map(commandTree),
  };
}

/** Every command path (`["oob", "get"]`) with its node, root first. */
export function commandPaths(root: CommandNode): { path: string[]; node: CommandNode }[] {
  const out: { path: string[]; node: CommandNode }[] = [];
  const walk = (node: CommandNode, path: string[]) => {
    out.push({ path, node });
    for (const child of node.children) walk(child, [...path, child.name]);
  };
  walk(root, []);
  return out;
}
