/** How to turn completion on, for the root help. */
export const COMPLETION_HELP = `Shell completion (commands, flags, known values, profiles, file names):
  bash: echo 'eval "$(agent-cli completion bash)"' >> ~/.bashrc
  zsh:  echo 'eval "$(agent-cli completion zsh)"' >> ~/.zshrc
  fish: mkdir -p ~/.config/fish/completions
        agent-cli completion fish > ~/.config/fish/completions/agent-cli.fish`;
