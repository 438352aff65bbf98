// The completion scripts ask `agent-cli __complete WORDS…` what to offer (one candidate a line,
// then `:files` when the shell should offer file names instead), so values, profile names and
// files come from the same command tree the CLI parses with.

/** bash: `eval "$(agent-cli completion bash)"`. Values with a colon (`bcovrin:testnet`) survive COMP_WORDBREAKS. */
export const BASH = `# agent-cli bash completion: eval "$(agent-cli completion bash)"
_agent_cli() {
  local cur=\${COMP_WORDS[COMP_CWORD]} line=\${COMP_LINE:0:COMP_POINT}
  local word=\${line##*[[:space:]]}
  local -a args out
  read -r -a args <<< "\${line:0:\${#line}-\${#word}}"
  local IFS=$'\\n'
  out=($(agent-cli __complete "\${args[@]:1}" "$word" 2>/dev/null))
  local directive=\${out[\${#out[@]}-1]}
  unset 'out[\${#out[@]}-1]'
  if [[ $directive == :files ]]; then
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
    return
  fi
  if [[ $word == *:* && $cur != "$word" ]]; then
    local strip=\${word%"$cur"}
    out=("\${out[@]#"$strip"}")
  fi
  COMPREPLY=("\${out[@]}")
}
complete -o nosort -F _agent_cli agent-cli 2>/dev/null || complete -F _agent_cli agent-cli
`;

/** zsh: `eval "$(agent-cli completion zsh)"` (loads compinit when it is not loaded yet). */
export const ZSH = `# agent-cli zsh completion: eval "$(agent-cli completion zsh)"
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -u }
_agent_cli() {
  local -a out
  out=("\${(@f)$(agent-cli __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  local directive=\${out[-1]}
  out=("\${(@)out[1,-2]}")
  if [[ $directive == :files ]]; then
    _files
  elif (( \${#out} )); then
    compadd -- "\${out[@]}"
  fi
}
compdef _agent_cli agent-cli
`;

/** fish: `agent-cli completion fish > ~/.config/fish/completions/agent-cli.fish`. */
export const FISH = `# agent-cli fish completion: agent-cli completion fish | source
function __agent_cli_complete
    set -l before (commandline -opc)
    set -l current (commandline -ct)
    set -l out (agent-cli __complete $before[2..-1] "$current" 2>/dev/null)
    set -l directive $out[-1]
    set -e out[-1]
    if test "$directive" = ":files"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $out
    end
end
complete -c agent-cli -f -a '(__agent_cli_complete)'
`;
