# bash completion for register(1)                              -*- shell-script -*-
#
# The flags, and what their values are, come from the program's own `--help` (in
# English): a flag added to the program completes without a change here. An option line
# of --help is two spaces, the flag (`-h, --help`), then a space and what it takes:
# PATH, FILE or DIR are files (or folders), COMMAND a command, other capitals (N,
# SECONDS, URI) anything, and lower-case words are typed as they are (`en|ru`,
# `FILE|off`).

# shellcheck disable=SC2034,SC2207 # _init_completion sets words and cword; compgen words hold no spaces
_register()
{
    local cur prev words cword split
    _init_completion -s || return

    local -a flags=()
    local -A takes=()
    local line name value command=$1
    __expand_tilde_by_ref command
    while IFS= read -r line; do
        [[ $line =~ ^\ \ (-[[:alnum:]],\ )?(--[[:alnum:]-]+)(\ ([^ ]+))?(\ \ .*)?$ ]] ||
            continue
        name=${BASH_REMATCH[2]}
        value=${BASH_REMATCH[4]}
        flags+=("$name")
        [[ ${BASH_REMATCH[1]} ]] && flags+=("${BASH_REMATCH[1]%, }")
        [[ $value ]] && takes[$name]=$value
    done < <(LC_ALL=C "$command" --help 2>/dev/null)

    if [[ $prev == --* && ${takes[$prev]+set} ]]; then
        local alternative
        local -a alternatives literal=()
        COMPREPLY=()
        IFS='|' read -ra alternatives <<<"${takes[$prev]}"
        for alternative in "${alternatives[@]}"; do
            case $alternative in
                PATH | FILE) _filedir ;;
                DIR) _filedir -d ;;
                COMMAND) COMPREPLY+=($(compgen -c -- "$cur")) ;;
                *[[:lower:]]*) literal+=("$alternative") ;;
            esac
        done
        ((${#literal[@]})) && COMPREPLY+=($(compgen -W "${literal[*]}" -- "$cur"))
        return
    fi
    $split && return

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "${flags[*]}" -- "$cur"))
    fi
} &&
    complete -F _register register

# ex: filetype=sh
