// The completion scripts ask `agent-cli __complete WORDS…` what to offer (one candidate a line,
// then `:files` when the shell should offer file names instead), so values, profile names and
// files come from the same command tree the CLI parses with.

/**
 * bash: `eval "$(agent-cli completion bash)"`. The CLI splits the line up to the cursor itself
 * (quotes, backslashes, `--opt=value`, COMP_WORDBREAKS), so it works the same with or without the
 * bash-completion package. File names come from readline's own completion (`-o default`), which
 * quotes any name, one with a newline too; only a name readline splits at a COMP_WORDBREAKS
 * character, or `--opt=` when `=` is not one, goes through `compgen -f` (one name a line).
 */
export const BASH = `# agent-cli bash completion: eval "$(agent-cli completion bash)"
_agent_cli() {
  local -a reply files
  local file
  mapfile -t reply < <(agent-cli __complete --bash "$COMP_TYPE" "$COMP_WORDBREAKS" "\${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
  if [[ \${reply[0]} != :files ]]; then
    COMPREPLY=("\${reply[@]:1}")
    return
  fi
  if [[ -z \${reply[2]}\${reply[3]} ]]; then
    compopt -o default 2>/dev/null && COMPREPLY=() && return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t files < <(compgen -f -- "\${reply[1]}")
  COMPREPLY=()
  for file in "\${files[@]}"; do
    [[ $file == "\${reply[2]}"* ]] && COMPREPLY+=("\${reply[3]}\${file#"\${reply[2]}"}")
  done
}
complete -o nosort -F _agent_cli agent-cli 2>/dev/null || complete -F _agent_cli agent-cli
`;

/** zsh: `eval "$(agent-cli completion zsh)"` (loads compinit when it is not loaded yet). */
export const ZSH = `# agent-cli zsh completion: eval "$(agent-cli completion zsh)"
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -u }
_agent_cli() {
  local -a out
  out=("\${(@f)$(agent-cli __complete "\${(@Q)words[2,CURRENT-1]}" "\${(Q)PREFIX}" 2>/dev/null)}")
  local directive=\${out[-1]}
  out=("\${(@)out[1,-2]}")
  if [[ $directive == :files* ]]; then
    [[ $directive == ':files '* ]] && compset -P '*='
    _files
  elif (( \${#out} )); then
    compadd -- "\${out[@]}"
  fi
}
compdef _agent_cli agent-cli
`;

/**
 * fish: `agent-cli completion fish > ~/.config/fish/completions/agent-cli.fish`. The word being typed
 * is unescaped before it is asked about; file names (also after `--opt=` and `~`) come from a glob
 * (not `__fish_complete_path`, which in fish 3.6 passes them to `ls`, so a file named `--version`
 * printed ls's version), and only where a file is expected.
 */
export const FISH = `# agent-cli fish completion: agent-cli completion fish | source
function __agent_cli_files --argument-names prefix file
    set -l home (string escape --style=regex -- $HOME)
    set -l target (string replace -r '^~(?=/|$)' -- $HOME $file)
    set -l paths
    for path in "$target"*
        test -d "$path"; and set path $path/
        set -a paths $path
    end
    string match -q -- '~*' $file; and set paths (string replace -r -- "^$home" '~' $paths)
    printf '%s\\n' "$prefix"$paths
end
function __agent_cli_complete
    set -l before (commandline -opc)
    set -l current (commandline -ct | string unescape)
    set -l out (agent-cli __complete $before[2..-1] "$current" 2>/dev/null)
    set -l directive (string split -m 1 ' ' -- $out[-1])
    set -e out[-1]
    if test "$directive[1]" = ":files"
        __agent_cli_files "$directive[2]" (string sub -s (math (string length -- "$directive[2]") + 1) -- "$current")
    else
        printf '%s\\n' $out
    end
end
complete -c agent-cli -f -a '(__agent_cli_complete)'
`;
