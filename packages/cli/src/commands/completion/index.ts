import type { Command } from 'commander';
import { type Bind, noOptions } from '../../startup/actions.js';
import { BASH, FISH, ZSH } from './scripts.js';

// Each example works on a fresh account: fish's completions folder may not exist yet.
const SHELLS: Record<string, { script: string; example: string[] }> = {
  bash: { script: BASH, example: ['echo \'eval "$(agent-cli completion bash)"\' >> ~/.bashrc'] },
  zsh: { script: ZSH, example: ['echo \'eval "$(agent-cli completion zsh)"\' >> ~/.zshrc'] },
  fish: {
    script: FISH,
    example: [
      'mkdir -p ~/.config/fish/completions',
      'agent-cli completion fish > ~/.config/fish/completions/agent-cli.fish',
    ],
  },
};

/** Registers `completion bash|zsh|fish`. */
export function register(group: Command, bind: Bind): void {
  for (const [shell, { script, example }] of Object.entries(SHELLS)) {
    group
      .command(shell)
      .description(`Print the ${shell} completion script`)
      .addHelpText('after', `\nExample:\n${example.map((line) => `  $ ${line}`).join('\n')}`)
      .action(bind(noOptions, (ctx) => ctx.io.out(script)));
  }
}
