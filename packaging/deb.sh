#!/bin/sh
# make deb: the Debian package of the release binary as it is (nothing is built here),
# with dpkg-deb, then checked by lintian.
#
# The Makefile passes VERSION (from Sources/register/Version.swift), DEB_REVISION,
# DEB_DIR, DEB_COMPRESSION, DEB_MAINTAINER, SOURCE_DATE_EPOCH, and what install.sh needs.
set -eu
umask 022

: "${VERSION:?}" "${DEB_REVISION:?}" "${DEB_DIR:?}" "${DEB_MAINTAINER:?}" "${SOURCE_DATE_EPOCH:?}"
here=$(dirname "$0")
version=$VERSION-$DEB_REVISION
architecture=$(dpkg --print-architecture)
deb=$DEB_DIR/register_${version}_$architecture.deb

# dpkg-shlibdeps reads debian/control and wants the files under debian/<package>/.
work=$(mktemp -d "${TMPDIR:-/tmp}/register-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/debian/register
doc=$root/usr/share/doc/register

DESTDIR=$root PREFIX=/usr BINDIR=/usr/bin MANDIR=/usr/share/man \
  COMPLETIONDIR=/usr/share/bash-completion/completions DOCDIR=/usr/share/doc/register \
  MANIFEST=/unused sh "$here/install.sh" stage
mkdir -p "$doc"
# Stripped as Debian strips executables (dh_strip); the symbols stay in the build tree.
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/register"

# Depends, from the binary: nothing it links when it is fully static, else what
# dpkg-shlibdeps finds.
depends=""
static=yes
if readelf -d "$root/usr/bin/register" 2>/dev/null | grep -q '(NEEDED)'; then
  static=""
  mkdir -p "$root/DEBIAN" # how dpkg-shlibdeps knows the package's root
  printf 'Source: register\n\nPackage: register\nArchitecture: any\n' >"$work/debian/control"
  depends=$(cd "$work" && dpkg-shlibdeps -O debian/register/usr/bin/register |
    sed -n 's/^shlibs:Depends=//p')
fi
# And what no linker records: the password checker loads libpwquality at run time (without
# it register exits 2), whose checks need cracklib's dictionary.
depends="${depends:+$depends, }libpwquality1, cracklib-runtime"

date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")

# The Debian changelog: one entry, for the version of this source tree.
{
  printf 'register (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * register %s, packaged from its source tree with make deb.\n\n' "$VERSION"
  printf ' -- %s  %s\n' "$DEB_MAINTAINER" "$date"
} | gzip -9n >"$doc/changelog.Debian.gz"

# copyright, in Debian's machine-readable format, from LICENSE.
{
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
  printf 'Upstream-Name: register\n'
  printf 'Comment: /usr/bin/register holds, statically linked, the Swift runtime (Apache\n'
  printf ' License 2.0 with the Runtime Library Exception)'
  if [ -n "$static" ]; then
    printf ', the GNU C library (LGPL\n 2.1 or later), ncurses (MIT/X11), SQLite (public domain), ICU (Unicode\n'
    printf ' License), libxcrypt (LGPL 2.1 or later, BSD) and zxcvbn-c (MIT); see the\n copyright files of'
    printf ' their Debian packages, and /usr/share/common-licenses/.\n'
  else
    printf '; see\n /usr/share/common-licenses/Apache-2.0.\n'
  fi
  printf '\nFiles: *\n'
  printf 'Copyright: %s\n' "$(sed -n 's/^Copyright (c) //p' "$here/../LICENSE")"
  printf 'License: Expat\n\n'
  printf 'License: Expat\n'
  # The text after the copyright line, indented, an empty line written " .".
  sed '1,/^Copyright/d' "$here/../LICENSE" | sed '1{/^$/d}' | sed 's/^$/./; s/^/ /'
} >"$doc/copyright"

if [ -n "$static" ]; then
  # Static on purpose: no dynamic loader at start-up (docs/performance.md), and no NSS
  # modules, which crash a static glibc (docs/architecture.md). See docs/packaging.md.
  mkdir -p "$root/usr/share/lintian/overrides"
  cat >"$root/usr/share/lintian/overrides/register" <<'EOF'
# Static on purpose (no dynamic loader at start-up); see docs/packaging.md.
register: statically-linked-binary [usr/bin/register]
register: embedded-library ncurses [usr/bin/register]
EOF
fi

mkdir -p "$root/DEBIAN"
{
  printf 'Package: register\n'
  printf 'Version: %s\n' "$version"
  printf 'Architecture: %s\n' "$architecture"
  printf 'Maintainer: %s\n' "$DEB_MAINTAINER"
  printf 'Installed-Size: %s\n' "$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)"
  [ -z "$depends" ] || printf 'Depends: %s\n' "$depends"
  printf 'Suggests: libpq5, openssh-server, postgresql-client\n'
  printf 'Section: admin\n'
  printf 'Priority: optional\n'
  printf 'Description: sign-up form drawn in the terminal\n'
  cat <<'EOF'
 register asks for a login and a password in a form drawn in the terminal:
 each requirement under a field is struck through as it is met, and whether
 the login is free is asked of the account database as one types. The account
 is stored with the password only as a yescrypt hash, the terminal is restored,
 and the result is printed for people or, as JSON, for scripts. The same
 program signs people in.
 .
 It asks line by line where no form can be drawn (scripts, screen readers),
 and can be the forced command of an SSH account, so that "ssh join@host"
 shows the form. English and Russian.
EOF
} >"$root/DEBIAN/control"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"

# The same tree gives the same package: every time is the source's.
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$DEB_DIR"
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$root" "$deb" >/dev/null
echo "make: built $deb" >&2

# No errors from lintian (the overrides above are explained in docs/packaging.md); its
# warnings are shown.
failed=""
report=$(lintian --fail-on error "$deb" 2>&1) || failed=yes
printf '%s\n' "$report" | grep -v '^running with root privileges' >&2 || true
if [ -n "$failed" ]; then
  echo "make: lintian finds errors in $deb" >&2
  exit 1
fi
echo "make: lintian finds no errors in $deb" >&2
