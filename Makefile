# register: a registration form in the terminal.
#   make run    build the release binary and start the form
#   make test   every test (unit, screen snapshots, end to end in tmux)
#   make gallery  every feature of the input fields on one screen
#   make fuzz   10,000 random sequences into the application and the input decoder

SWIFT ?= swift
# Fully static: no dynamic linking at start-up (3 ms -> 1.3 ms of CPU before main).
# libpwquality (no static library in Debian) runs in a checker process the program forks.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable
BINARY = .build/release/register

.PHONY: all build run gallery test fuzz bench-store bench-password lint format deps clean

all: build

# The Debian packages the build and the tests need: installed when missing if it can
# (root with apt-get); otherwise it says the exact command to run.
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
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
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

run: build
	@$(BINARY)

gallery: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product field-gallery
	@.build/release/field-gallery

# The end-to-end tests drive the release binary, so it is built first.
test: build
	$(SWIFT) test

# Random events into the whole application and random bytes into the decoder:
# 10,000 sequences each (make test runs 1,000). A failure prints its seed; run it alone
# with FUZZ_SEED=N FUZZ_SEQUENCES=1 swift test --filter Fuzz.
FUZZ_SEQUENCES ?= 10000
fuzz: deps
	FUZZ_SEQUENCES=$(FUZZ_SEQUENCES) $(SWIFT) test --filter Fuzz

# The account store against a million accounts (fake hashes; the lookups are real). The
# skeleton of userN is userN with 0 as o and 1 as l (UTS #39, case folded).
BENCH_DB = /tmp/register-bench/accounts.sqlite
bench-store: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product store-bench
	rm -rf $(dir $(BENCH_DB))
	.build/release/store-bench prepare $(BENCH_DB)
	sqlite3 $(BENCH_DB) "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) \
	  INSERT INTO accounts (login, login_key, login_skeleton, password_hash, created_at) \
	  SELECT 'user' || i, 'user' || i, 'user' || replace(replace(i, '0', 'o'), '1', 'l'), \
	    '\$$y\$$j9T\$$fake', '2026-01-01T00:00:00Z' FROM n;"
	sqlite3 $(BENCH_DB) "SELECT count(*) || ' accounts' FROM accounts; \
	  EXPLAIN QUERY PLAN SELECT login, password_hash FROM accounts WHERE login_key = 'user1'; \
	  EXPLAIN QUERY PLAN SELECT 1 FROM accounts WHERE login_skeleton = 'userl' LIMIT 1;"
	.build/release/store-bench measure $(BENCH_DB)

# The password policy (libpwquality, through its checker process) and zxcvbn, per call,
# for passwords of 8 to 64 characters.
bench-password: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product password-bench
	.build/release/password-bench

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build
