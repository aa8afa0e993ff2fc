# Bash completion for `hanoi`.  Load it in a shell with
#   source scripts/hanoi-completion.bash
# or install it for every shell with
#   cp scripts/hanoi-completion.bash /usr/share/bash-completion/completions/hanoi
# Subcommands, options and variant names come from the program itself (its --help
# and `hanoi list`), so they follow the binary that is run and never go stale.
# Tested by CliBasics.BashCompletion (tests/unit/cli_basics_test.cpp).

_hanoi_words() {  # PROGRAM ARGS...: the help of ARGS, as option and subcommand names
  "$@" --help 2>/dev/null
}

_hanoi() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=""
  [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
  local prog=${COMP_WORDS[0]} sub="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      -*) ;;
      *) sub=${COMP_WORDS[i]}; break ;;
    esac
  done
  COMPREPLY=()
  if [ -z "$sub" ]; then
    local subs
    subs=$(_hanoi_words "$prog" | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
    mapfile -t COMPREPLY < <(compgen -W "$subs --help --help-all --version" -- "$cur")
    return
  fi
  case $prev in
    --out | --work-dir | --moves-file | --dot | --svg | --html | --instances-csv | --csv)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
  esac
  if [[ $cur == -* ]]; then
    local opts
    opts=$(_hanoi_words "$prog" "$sub" | grep -oE '^ +(-[a-zA-Z],)?--[a-z][a-z0-9-]*' |
      sed -E 's/^ +//; s/,/ /')
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  case $sub in
    verify) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    *)
      local variants
      variants=$("$prog" list 2>/dev/null | sed -n 's/^\([a-z][a-z-]*\): .*/\1/p')
      mapfile -t COMPREPLY < <(compgen -W "$variants" -- "$cur")
      ;;
  esac
}

complete -o default -F _hanoi hanoi ./build/hanoi build/hanoi
