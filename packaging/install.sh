#!/bin/sh
# make install, make uninstall, and the tree of the Debian package.
#
#   install.sh install     put the files in place and list them, with their SHA-256 and the
#                          folders made for them, in a manifest (a second install first
#                          removes what the first listed)
#   install.sh uninstall   remove what the manifest lists, if unchanged, and those folders
#   install.sh stage       put the files in place only (for make deb: no manifest)
#
# The Makefile passes DESTDIR, PREFIX, BINDIR, MANDIR, COMPLETIONDIR, DOCDIR, MANIFEST
# (paths as installed, without DESTDIR), BINARY, MANPAGE, SITE_MANPAGE, SITE_EXAMPLE,
# COMPLETION and SSH_EXAMPLES.
# Nothing here builds: a root `make install` must not leave root's files in the
# user's .build.
set -eu
umask 022

action=$1
: "${PREFIX:?}" "${BINDIR:?}" "${MANDIR:?}" "${COMPLETIONDIR:?}" "${DOCDIR:?}" "${MANIFEST:?}"
DESTDIR=${DESTDIR:-}
list=""

say() { printf '%s\n' "$*" >&2; }

# Makes folder $1 (as installed) and those above it that are missing, listing each.
make_folder() {
  missing=""
  folder=$1
  # DESTDIR itself is the caller's, made if missing but never listed.
  [ -z "$DESTDIR" ] || mkdir -p "$DESTDIR"
  while [ "$folder" != / ] && [ ! -d "$DESTDIR$folder" ]; do
    missing="$folder
$missing"
    folder=$(dirname "$folder")
  done
  printf '%s' "$missing" | while IFS= read -r folder; do
    [ -n "$folder" ] || continue
    mkdir -m 755 "$DESTDIR$folder"
    [ -z "$list" ] || printf 'folder - %s\n' "$folder" >>"$list"
  done
}

# Puts file $1 at $2 (as installed) with mode $3, and lists it with its SHA-256.
put() {
  make_folder "$(dirname "$2")"
  install -m "$3" "$1" "$DESTDIR$2"
  [ -n "$list" ] || return 0
  say "  $DESTDIR$2"
  printf 'file %s %s\n' "$(sha256sum <"$DESTDIR$2" | cut -d' ' -f1)" "$2" >>"$list"
}

place() {
  put "$BINARY" "$BINDIR/register" 755
  # Compressed as Debian does (-n: no name or time inside, so the same page gives the same file).
  page=$(mktemp)
  gzip -9n <"$MANPAGE" >"$page"
  put "$page" "$MANDIR/man1/register.1.gz" 644
  gzip -9n <"$SITE_MANPAGE" >"$page"
  put "$page" "$MANDIR/man5/register.conf.5.gz" 644
  rm -f "$page"
  # The site file, as an example: /etc/register/register.conf is the admin's to write.
  put "$SITE_EXAMPLE" "$DOCDIR/examples/register.conf" 644
  put "$COMPLETION" "$COMPLETIONDIR/register" 644
  # Whatever deploy/ssh holds (the sshd fragments), as examples.
  if [ -d "${SSH_EXAMPLES:-}" ]; then
    (cd "$SSH_EXAMPLES" && find . -type f) | sort | while IFS= read -r file; do
      put "$SSH_EXAMPLES/${file#./}" "$DOCDIR/examples/ssh/${file#./}" 644
    done
  fi
}

uninstall() {
  manifest=$DESTDIR$MANIFEST
  if [ ! -f "$manifest" ]; then
    say "make: nothing to uninstall: no $manifest (was it installed with another PREFIX or DESTDIR?)"
    exit 1
  fi
  folders=""
  # Lines are `file SHA256 PATH` and `folder - PATH`.
  while read -r kind hash path; do
    # Only inside PREFIX (and the folders above it, made in an empty DESTDIR), and no way
    # out of it: the manifest is read as root.
    case "$kind:$path" in
      *:"$PREFIX"/*) ;;
      folder:"$PREFIX") ;;
      folder:*) case "$PREFIX" in "$path"/*) ;; *) continue ;; esac ;;
      *)
        say "  skipped $path: not in $PREFIX"
        continue
        ;;
    esac
    case "/$path/" in */../*)
      say "  skipped $path"
      continue
      ;;
    esac
    case $kind in
      file)
        if [ ! -e "$DESTDIR$path" ] && [ ! -L "$DESTDIR$path" ]; then continue; fi
        if [ -f "$DESTDIR$path" ] && [ ! -L "$DESTDIR$path" ] \
          && [ "$(sha256sum <"$DESTDIR$path" | cut -d' ' -f1)" = "$hash" ]; then
          rm -f "$DESTDIR$path"
          say "  removed $DESTDIR$path"
        else
          say "  kept $DESTDIR$path: it changed after make install"
        fi
        ;;
      folder) folders="$path
$folders" ;;
    esac
  done <"$manifest"
  rm -f "$manifest"
  # The folders install made, deepest first, if nothing else is in them now.
  printf '%s' "$folders" | while IFS= read -r folder; do
    [ -n "$folder" ] || continue
    rmdir "$DESTDIR$folder" 2>/dev/null || say "  kept $DESTDIR$folder: not empty"
  done
}

case $action in
  stage)
    place
    ;;
  install)
    [ ! -f "$DESTDIR$MANIFEST" ] || uninstall
    say "make: installing into $DESTDIR$PREFIX"
    # The manifest first, then each file is listed as it is put: an install that fails
    # half way (no permission, a full disk) is undone by make uninstall all the same.
    list=$(mktemp)
    make_folder "$(dirname "$MANIFEST")"
    install -m 644 "$list" "$DESTDIR$MANIFEST"
    rm -f "$list"
    list=$DESTDIR$MANIFEST
    place
    ;;
  uninstall)
    say "make: removing from $DESTDIR$PREFIX what make install put there"
    uninstall
    ;;
  *)
    say "usage: install.sh install|uninstall|stage"
    exit 2
    ;;
esac
