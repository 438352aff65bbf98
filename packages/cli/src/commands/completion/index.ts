import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { bashScript, fishScript, zshScript } from './scripts.js';
import { type CommandNode, commandTree } from './tree.js';

const SHELLS: Record<string, { render: (root: CommandNode) => string; example: string }> = {
  bash: { render: bashScript, example: 'echo \'eval "$(agent-cli completion bash)"\' >> ~/.bashrc' },
  zsh: { render: zshScript, example: 'echo \'eval "$(agent-cli completion zsh)"\' >> ~/.zshrc' },
  fish: {
    render: fishScript,
    example: 'agent-cli completion fish > ~/.config/fish/completions/agent-cli.fish',
  },
};

function root(cmd: Command): Command {
  let top = cmd;
  while (top.parent) top = top.parent;
  return top;
}

/** Registers `completion bash|zsh|fish`. */
export function register(group: Command, ctx: CliContext): void {
  for (const [shell, { render, example }] of Object.entries(SHELLS)) {
    group
      .command(shell)
      .description(`Print the ${shell} completion script`)
      .addHelpText('after', `\nExample:\n  $ ${example}`)
      .action(() => {
        ctx.io.out(render(commandTree(root(group))));
      });
  }
}
