# register: a registration form in the terminal.
#   make run    build the release binary and start the form
#   make test   every test (unit, screen snapshots, end to end in tmux)
#   make test-ha  the failover test: a three-node Patroni site on 127.0.0.1, its leader lost
#   make bench-sync  register sync measured: latency, a million accounts, getent (as root)
#   make gallery  every feature of the input fields on one screen
#   make fuzz   10,000 random and hostile sequences into the application and the input decoder
#   make install, make uninstall   (PREFIX=/usr/local, DESTDIR=) after make build
#   make deb    a Debian package, checked with lintian
#   make docs   the toolkit's documentation (Terminal, Widgets) into .build/docs

SWIFT ?= swift
# Fully static: no dynamic linking at start-up (3 ms -> 1.3 ms of CPU before main).
# libpwquality (no static library in Debian) runs in a checker process the program forks.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable
BINARY = .build/release/register

.PHONY: all build run gallery test test-ha ha-deps bench-ha fuzz bench-store bench-sync bench-ssh bench-password docs lint format deps clean
.PHONY: version install uninstall deb package-deb deb-deps

all: build

# The Debian packages the build and the tests need: installed when missing if it can
# (root with apt-get); otherwise it says the exact command to run. postgresql is for the
# tests (a throwaway server); the program itself needs only libpq, and only for a URI.
deps:
	@missing=""; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists libcrypt 2>/dev/null || missing="$$missing libcrypt-dev"; \
	pkg-config --exists pwquality 2>/dev/null || missing="$$missing libpwquality-dev"; \
	[ -f /usr/include/zxcvbn.h ] || missing="$$missing libzxcvbn-dev"; \
	[ -f /var/cache/cracklib/cracklib_dict.pwd ] || missing="$$missing cracklib-runtime"; \
	command -v pwscore >/dev/null || missing="$$missing libpwquality-tools"; \
	pkg-config --exists icu-i18n 2>/dev/null || missing="$$missing libicu-dev"; \
	pkg-config --exists libpq 2>/dev/null || missing="$$missing libpq-dev"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	infocmp kitty >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	command -v jq >/dev/null || missing="$$missing jq"; \
	test -x /usr/sbin/sshd || missing="$$missing openssh-server"; \
	command -v ssh >/dev/null || missing="$$missing openssh-client"; \
	dpkg -s libnss-extrausers >/dev/null 2>&1 || missing="$$missing libnss-extrausers"; \
	test -x /usr/sbin/visudo || missing="$$missing sudo"; \
	command -v $(SWIFT) >/dev/null || { echo "make: the Swift toolchain is missing: install Swift 6 from https://swift.org/install and put it on PATH" >&2; exit 1; }; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "make: missing Debian packages:$$missing" >&2; \
	    echo "make: run: sudo apt-get install$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product register
	$(SWIFT) build $(RELEASE_FLAGS) --product form-example

run: build
	@$(BINARY)

gallery: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product field-gallery
	@.build/release/field-gallery

# The end-to-end tests drive the release binaries (the program, the docs' example), so
# they are built first; they also install the program, package it and check the manual
# page and the completion (deb-deps).
# scripts/test.sh ends a run that outlives TEST_TIME_LIMIT seconds (default 1800), printing
# what it was doing.
test: build deb-deps
	SWIFT=$(SWIFT) scripts/test.sh

# The failover test (docs/testing.md): etcd and three PostgreSQL servers under Patroni on
# 127.0.0.1, a storm of sign-ups while the leader is killed, then cut off. A few minutes:
# apart from make test. HA_RUNS repeats it.
HA_RUNS ?= 1
test-ha: build ha-deps
	@for run in $$(seq $(HA_RUNS)); do \
	  echo "make: failover run $$run of $(HA_RUNS)"; \
	  REGISTER_HA_TESTS=1 SWIFT=$(SWIFT) scripts/test.sh --filter FailoverEndToEndTests || exit 1; \
	done

# Sign-ups per second through the Patroni site against one server (1, 8, 32 writers), and
# the pause of five failovers (docs/performance.md). About ten minutes.
bench-ha: build ha-deps
	python3 scripts/bench-ha.py

ha-deps:
	@missing=""; \
	command -v patroni >/dev/null || missing="$$missing patroni"; \
	command -v etcd >/dev/null || missing="$$missing etcd-server"; \
	command -v curl >/dev/null || missing="$$missing curl"; \
	command -v setpriv >/dev/null || missing="$$missing util-linux"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "make: missing Debian packages:$$missing" >&2; \
	    echo "make: run: sudo apt-get install$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi

# Random events and hostile bytes (NUL, C0/C1, bidi, surrogate-like UTF-8, pastes and
# sequences that never end, huge numbers in every field, the largest pastes) into the
# whole application and into the decoder: 10,000 sequences each (make test runs 1,000).
# A failure prints its seed; run it alone with FUZZ_SEED=N FUZZ_SEQUENCES=1 swift test --filter Fuzz.
FUZZ_SEQUENCES ?= 10000
fuzz: deps
	FUZZ_SEQUENCES=$(FUZZ_SEQUENCES) $(SWIFT) test --filter Fuzz

# The account store against a million accounts (fake hashes; the lookups are real), on
# SQLite then on PostgreSQL, side by side; a few minutes in all. The skeleton of userN is
# userN with 0 as o and 1 as l (UTS #39, case folded). PostgreSQL is a throwaway server
# like the tests' (a unix socket only, its defaults otherwise, in /tmp like the SQLite
# file), stopped and removed at the end, also when the benchmark fails
# (scripts/bench-store-pg.sh, which also keeps one for measuring by hand). Last, on
# PostgreSQL, `register keys` from the copy a `register sync --follow` keeps (its own
# folder, the follower stopped at the end).
BENCH_DB = /tmp/register-bench/accounts.sqlite
BENCH_PG = /tmp/register-bench-pg
PG_BIN = $(lastword $(sort $(wildcard /usr/lib/postgresql/*/bin)))
BENCH_USERS = WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
BENCH_ROWS = SELECT 'user' || i, 'user' || i, 'user' || replace(replace(i, '0', 'o'), '1', 'l'), \
  '\$$y\$$j9T\$$fake', '2026-01-01T00:00:00Z'
BENCH_INSERT = INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at)
# One key per account (the blob is the same, the fingerprints are not: the store keeps
# them as given), for `register keys`, which is timed with its process start.
BENCH_KEY = 'ssh-ed25519', 'AAAAC3NzaC1lZDI1NTE5AAAAIBenchBenchBenchBenchBenchBenchBenchBench', ''
BENCH_KEYS = INSERT INTO account_keys (fingerprint, account_id, type, base64, comment, added_at) \
  SELECT 'SHA256:bench' || id, id, $(BENCH_KEY), '2026-01-01T00:00:00Z' FROM accounts
bench-store: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product store-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product register
	rm -rf $(dir $(BENCH_DB))
	.build/release/store-bench prepare $(BENCH_DB)
	sqlite3 $(BENCH_DB) "$(BENCH_USERS) $(BENCH_INSERT) $(BENCH_ROWS) FROM n; $(BENCH_KEYS);"
	sqlite3 $(BENCH_DB) "SELECT count(*) || ' accounts' FROM accounts; \
	  EXPLAIN QUERY PLAN SELECT login, password_hash FROM accounts WHERE login_key = 'user1'; \
	  EXPLAIN QUERY PLAN SELECT 1 FROM accounts WHERE login_skeleton = 'userl' LIMIT 1;"
	.build/release/store-bench measure $(BENCH_DB) $(CURDIR)/.build/release/register
	@trap 'scripts/bench-store-pg.sh stop $(BENCH_PG)' EXIT; set -e; \
	uri=$$(scripts/bench-store-pg.sh start $(BENCH_PG) .build/release/store-bench); \
	.build/release/store-bench measure "$$uri" $(CURDIR)/.build/release/register; \
	rm -rf $(BENCH_PG)-extrausers && mkdir -m 755 $(BENCH_PG)-extrausers; \
	REGISTER_DB="$$uri" .build/release/register sync --follow \
	  --folder $(BENCH_PG)-extrausers --host bench >$(BENCH_PG)/sync.log 2>&1 & follower=$$!; \
	trap 'kill $$follower 2>/dev/null; wait $$follower; rm -rf $(BENCH_PG)-extrausers; \
	  scripts/bench-store-pg.sh stop $(BENCH_PG)' EXIT; \
	.build/release/store-bench keys-copy "$$uri" $(CURDIR)/.build/release/register \
	  $(BENCH_PG)-extrausers

# `register sync` measured (docs/performance.md): commit-to-passwd latency at 1, 10 and 100
# sign-ups a second, a full pass over a million accounts, and getent through
# libnss-extrausers (and unscd, when installed) at up to a million. Root only: it runs in
# a private mount namespace (its own /etc copy, /run and /var/lib/extrausers) with a
# throwaway PostgreSQL on a unix socket, both gone at the end. About ten minutes.
bench-sync: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product store-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product register
	PG_BIN=$(PG_BIN) REGISTER=$(CURDIR)/$(BINARY) STORE_BENCH=$(CURDIR)/.build/release/store-bench \
	  sh scripts/bench-sync.sh

# Sign-up over SSH measured (docs/performance.md): the shared harness (BENCH) over ssh -tt
# to a throwaway sshd serving deploy/ssh/register.conf, then 50 sessions signing up at once.
BENCH ?= ../shared/bench
bench-ssh: build
	@dir=$$(mktemp -d /tmp/register-ssh-bench-XXXXXX); ssh=$$(scripts/ssh-server.sh start $$dir); \
	python3 $(BENCH)/termbench.py -n 5 -s $(BENCH)/scenarios/register.keys --label ssh -- $$ssh; \
	scripts/ssh-load.py 50 $$ssh; scripts/ssh-server.sh stop $$dir; rm -rf $$dir

# The password policy (libpwquality, through its checker process) and zxcvbn, per call,
# for passwords of 8 to 64 characters.
bench-password: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product password-bench
	.build/release/password-bench

# The toolkit's documentation (Terminal, Widgets) with the toolchain's docc, into
# .build/docs; fails, naming them, if a public declaration has no documentation comment.
docs: deps
	SWIFT=$(SWIFT) scripts/docs.sh .build/docs

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build

# --- Installing and packaging (docs/packaging.md) ---

# The one place the version is written is Sources/register/Version.swift.
VERSION := $(shell sed -n 's/^ *static let number = "\([^"]*\)"$$/\1/p' Sources/register/Version.swift)
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/register
COMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
# What make install put there (make uninstall removes that and only that).
MANIFEST ?= $(DATADIR)/register/installed-files
# The sshd fragments, installed as examples when the folder is there.
SSH_EXAMPLES ?= deploy/ssh
INSTALL_ENV = DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' MANDIR='$(MANDIR)' \
  COMPLETIONDIR='$(COMPLETIONDIR)' DOCDIR='$(DOCDIR)' MANIFEST='$(MANIFEST)' \
  BINARY='$(BINARY)' MANPAGE=packaging/register.1 SITE_MANPAGE=packaging/register.conf.5 \
  SITE_EXAMPLE=deploy/register.conf COMPLETION=packaging/register.bash \
  SSH_EXAMPLES='$(SSH_EXAMPLES)'

version:
	@echo $(VERSION)

# Installs the binary make build made, and builds nothing: `sudo make install` must not
# leave files of root's in the user's .build.
install:
	@test -x '$(BINARY)' || { \
	  echo "make: $(BINARY) is missing: run make build first (as yourself), then make install" >&2; \
	  exit 1; }
	@newer=$$(find Sources Package.swift -newer '$(BINARY)' -print 2>/dev/null | head -n 1); \
	  [ -z "$$newer" ] || echo "make: warning: $$newer is newer than $(BINARY): run make build to install the change" >&2
	@$(INSTALL_ENV) sh packaging/install.sh install

uninstall:
	@$(INSTALL_ENV) sh packaging/install.sh uninstall

# The package lands in DEB_DIR; its version is VERSION-DEB_REVISION.
DEB_DIR ?= .
DEB_REVISION ?= 1
DEB_COMPRESSION ?= xz
DEB_MAINTAINER ?= register maintainers <maintainers@users.noreply.a-seed-6e248fd9.example>
# Every time in the package is the last commit's, so one tree gives one package.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || date +%s)

deb: build
	@$(MAKE) --no-print-directory package-deb

# The package of the binary as it is (the tests use this: make deb would build again).
package-deb: deb-deps
	@test -x '$(BINARY)' || { echo "make: $(BINARY) is missing: run make build first" >&2; exit 1; }
	@$(INSTALL_ENV) VERSION='$(VERSION)' DEB_REVISION='$(DEB_REVISION)' DEB_DIR='$(DEB_DIR)' \
	  DEB_COMPRESSION='$(DEB_COMPRESSION)' DEB_MAINTAINER='$(DEB_MAINTAINER)' \
	  SOURCE_DATE_EPOCH='$(SOURCE_DATE_EPOCH)' sh packaging/deb.sh

# What packaging and its tests need: dpkg-dev (dpkg-shlibdeps), lintian, groff (the
# manual page's check) and bash-completion (the completion's test).
deb-deps:
	@missing=""; \
	command -v dpkg-shlibdeps >/dev/null || missing="$$missing dpkg-dev"; \
	command -v lintian >/dev/null || missing="$$missing lintian"; \
	command -v groff >/dev/null || missing="$$missing groff-base"; \
	[ -f /usr/share/bash-completion/bash_completion ] || missing="$$missing bash-completion"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "make: missing Debian packages:$$missing" >&2; \
	    echo "make: run: sudo apt-get install$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi
