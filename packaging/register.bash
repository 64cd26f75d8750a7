# bash completion for register(1)                              -*- shell-script -*-
#
# The flags, and what their values are, come from the program's own `--help` (in
# English): a flag added to the program completes without a change here. An option line
# of --help is two spaces, the flag (`-h, --help`), then a space and what it takes:
# PATH, FILE or DIR are files (or folders), COMMAND a command, other capitals (N,
# SECONDS, URI) anything, and lower-case words are typed as they are (`en|ru`,
# `FILE|off`).

# `register admin SUBCOMMAND ...`: the subcommands, then each one's own words and flags
# (the list of `register admin --help`).
# shellcheck disable=SC2207 # compgen words hold no spaces
_register_admin()
{
    local subcommand=${words[2]-}
    local common="--db --on-create --on-delete --on-lock --on-unlock --name-hold --help"
    if ((cword == 2)); then
        COMPREPLY=($(compgen -W "list show review approve reject lock unlock delete reset ban unban bans close open log import --help" -- "$cur"))
        return
    fi
    case $prev in
        --db) _filedir; return ;;
        --on-create | --on-delete | --on-lock | --on-unlock) COMPREPLY=($(compgen -c -- "$cur")); return ;;
        --state) COMPREPLY=($(compgen -W "pending active locked" -- "$cur")); return ;;
        --since | --reason | --message | --name-hold) return ;;
    esac
    if [[ $cur == -* ]]; then
        local own=""
        case $subcommand in
            list) own="--state --since --json" ;;
            show | bans) own="--json" ;;
            review) own="--plain" ;;
            log) own="--since --json" ;;
            reject | lock) own="--reason" ;;
            close) own="--message" ;;
        esac
        COMPREPLY=($(compgen -W "$own $common" -- "$cur"))
        return
    fi
    if [[ ($subcommand == ban || $subcommand == unban) && $cword -eq 3 ]]; then
        COMPREPLY=($(compgen -W "login address" -- "$cur"))
    elif [[ $subcommand == import && $cword -eq 3 ]]; then
        _filedir sqlite
    fi
}

# shellcheck disable=SC2034,SC2207 # _init_completion sets words and cword; compgen words hold no spaces
_register()
{
    local cur prev words cword split
    _init_completion -s || return

    if [[ ${words[1]-} == admin ]] && ((cword >= 2)); then
        _register_admin
        return
    fi
    # The first word may be the admin command; not a value split from `--flag=`.
    if ((cword == 1)) && [[ ! $split && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "admin" -- "$cur"))
        return
    fi

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
