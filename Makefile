# QRKit — set-up, build, run and test. `make run` and `make test` are all a new user types.
SWIFT ?= swift
# Libraries the package links, and the peer tools the tests compare against. The Swift
# toolchain brings its own sanitizer and libFuzzer runtimes; valgrind is Debian's.
LIB_PACKAGES := libqrencode-dev libzbar-dev libzxing-dev libpng-dev zlib1g-dev libdeflate-dev \
	libjpeg62-turbo-dev libwebp-dev libtiff-dev libgif-dev
TEST_PACKAGES := zbar-tools zxing-cpp-tools valgrind ghostscript poppler-utils netpbm libxml2-utils librsvg2-bin man-db
# The peer tools `make bench-peers` times qr against, and hyperfine to time them.
BENCH_PACKAGES := hyperfine qrencode zxing-cpp-tools zbar-tools
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
QR := .build/release/qr

# The suites run under ThreadSanitizer and AddressSanitizer: those tagged `.sanitized`
# (Tests/QRKitTests/Support/Tags.swift says which and why). swift test of Swift 6.3 cannot
# filter by tag, so scripts/sanitized-filter.sh reads the tags into a --filter pattern.
SANITIZED_FILTER := ./scripts/sanitized-filter.sh

# Fuzzing: `make fuzz FUZZ_SECONDS=N` runs each target for N seconds, as many targets at once
# as there are cores (FUZZ_JOBS=1 for one at a time; scripts/fuzz.sh). Corpora grow in
# .fuzz/ between runs; a crash leaves its input in fuzz-artifacts/ and fails the target.
# Built optimised, with coverage and AddressSanitizer (checks stay on). An input that takes
# longer than a picture's CPU budget and a pass, or memory past what the budgets allow
# (AddressSanitizer's own included), fails its target as a crash does.
FUZZ_SECONDS ?= 300
FUZZ_TARGETS := png jpeg webp tiff gif bmp netpbm text

# How many times `make valgrind` (scripts/valgrind.sh) decodes the sample photos in one qr.
VALGRIND_ROUNDS := 7

# `make spark-example`: the PySpark job of examples/spark/ on Samples/, checked against
# `qr decode --json` (README, "Spark"). Java and Python's venv come from
# Debian; PySpark from PyPI into a virtual environment outside the clone, one per pinned
# version, so that a new clone reuses it rather than fetch 500 MB again.
SPARK_PACKAGES := openjdk-17-jre-headless python3-venv
SPARK_PYTHON := /usr/bin/python3
PYSPARK_VERSION := 4.3.0
SPARK_VENV ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/qrkit/spark-venv-$(PYSPARK_VERSION)
SPARK_OUT := .spark-example

# `make docs`: the DocC archive of QRKit. `make man`: the manual page of qr.
DOCS := .build/docs/QRKit.doccarchive
MAN := .build/man/qr.1

# `make install PREFIX=DIR` (default /usr/local; DESTDIR to stage): qr, its manual page and
# its bash, zsh and fish completions where each looks under PREFIX; `make uninstall`
# removes them. `make deb`: a Debian package of the same files under /usr; `make
# deb-check` installs it here with dpkg, tries it as a user would, and removes it.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MAN1DIR ?= $(PREFIX)/share/man/man1
BASH_COMPLETIONS ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS ?= $(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/qr $(MAN1DIR)/qr.1.gz $(BASH_COMPLETIONS)/qr $(ZSH_COMPLETIONS)/_qr $(FISH_COMPLETIONS)/qr.fish
# Libraries qr opens with dlopen at first use, so that no NEEDED entry names them for
# dpkg-shlibdeps; the package depends on them all the same.
DLOPENED := libZXing.so.2 libqrencode.so.4
DEB_DIR := .build/deb

.PHONY: all deps test-deps bench-deps spark-deps build run check quick-options test format lint docs man install install-files uninstall \
	deb deb-check tsan asan stress valgrind fuzz bench-peers bench-hard spark-example clean

all: build

# Installs the missing Debian packages named in $(1), with apt-get update first.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(LIB_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))

# The release qr: the Swift runtime linked in; linked by the toolchain's lld with packed
# relative relocations (DT_RELR, glibc 2.36), so the loader reads far less at each start;
# no $ORIGIN run path, which made the loader look for each library beside qr first;
# generic type metadata reached through accessor functions rather than mangled names, so
# that a first use demangles nothing and scans no protocol conformances; and no export of
# the executable's own symbols (--no-export-dynamic, after the toolchain's -export-dynamic
# for a static standard library), which kept its Swift symbols in the dynamic symbol
# table that the loader consults first for every symbol libstdc++ and libZXing look up.
# What each saves is measured in docs/performance.md ("The release link"). None of these
# changes what the library is: they are for this executable, so they stay out of
# Package.swift, where unsafe flags would keep QRKit from being a dependency.
RELEASE_FLAGS := --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --no-export-dynamic

build: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product qr

run: build
	@./scripts/run-samples.sh $(QR)

# The quick loop while working: lint, then every suite (the getting-started snippet
# included), without the sanitizers, stress, valgrind, Spark, the package or fuzzing.
check: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Sources/qr/DecodeOption.swift and EncodeOption.swift, the names and kinds of the options QuickParse reads, made
# from `qr decode` and `qr encode --experimental-dump-help` (QuickOptionsTests, which `make
# check` runs, fails when one is stale). Run it after changing an option's declaration.
quick-options:
	$(SWIFT) build --build-tests
	QRKIT_WRITE_QUICK_OPTIONS=1 $(SWIFT) test --skip-build --filter QuickOptionsTests

# Everything: the suites (and the getting-started snippet, which the build compiles and
# a suite runs), the documentation and manual page, the Debian package installed and
# removed again, then ThreadSanitizer, stress, valgrind and 30 s of each fuzz target
# (under AddressSanitizer). `make asan`, the suites under AddressSanitizer, is left out
# to keep the whole under half an hour on two cores: memcheck (C libraries included)
# and the fuzzers check memory in every run; run it when you change code that handles
# memory by pointer.
test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) docs man deb-check tsan stress valgrind spark-example serve-test
	$(MAKE) fuzz FUZZ_SECONDS=30

# Every Swift file in the form .swift-format gives (swift-format's defaults but 4-space
# indents, 120 columns, imports left where they are and #if bodies not indented, and
# JSON field names allowed in snake case): `make format` rewrites them so, `make lint`
# (part of `make test`) fails on any file that is not.
FORMATTED := Sources Tests Snippets Package.swift Serve/Sources Serve/Tests Serve/Package.swift

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMATTED)

# The DocC archive of QRKit, by swift-docc-plugin: one archive that combines the library's
# modules (the core, the module of each C library, and the QRKit umbrella with the catalog
# Sources/QRKit/QRKit.docc), every doc comment, and the getting-started article's code
# from Snippets/. The plugin does not document what a module re-exports, so each module
# is built on its own and a link to another module's symbol names it (``/QRCore/GrayImage``).
# Any warning fails it: a broken symbol link, an undocumented parameter, a snippet slice
# missing. Built from the debug build `make test` has made; open it with `docc preview`.
DOC_TARGETS := QRCore QRZBar QRZXing QRQREncode QRPNG QRJPEG QRWebP QRTIFF QRGIF QRKit
docs: deps
	@rm -rf $(DOCS) && mkdir -p $(dir $(DOCS))
	$(SWIFT) package --allow-writing-to-directory $(dir $(DOCS)) generate-documentation \
	  $(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
	  --warnings-as-errors --output-path $(DOCS)
	@test -d $(DOCS)/data/documentation/qrkit || { echo "docs: $(DOCS) holds no QRKit pages"; exit 1; }
	@echo "docs: $(DOCS), with $(words $(DOC_TARGETS)) modules: $(DOC_TARGETS)"

# The manual page of qr, made from its ArgumentParser commands by swift-argument-parser's
# generate-manual plugin and checked (scripts/man.sh). man-db is all it needs of the test
# packages, so that `make install` asks for no more.
man: deps
	$(call apt_install,man-db)
	@SWIFT='$(SWIFT)' ./scripts/man.sh $(MAN)

install: build man
	@$(MAKE) --no-print-directory install-files

# The copying alone, for `make install` and `make deb` once qr and its page are built.
install-files:
	install -d $(addprefix $(DESTDIR),$(BINDIR) $(MAN1DIR) $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS))
	install -m 755 $(QR) $(DESTDIR)$(BINDIR)/qr
	gzip -9n < $(MAN) > $(DESTDIR)$(MAN1DIR)/qr.1.gz && chmod 644 $(DESTDIR)$(MAN1DIR)/qr.1.gz
	$(QR) --generate-completion-script bash > $(DESTDIR)$(BASH_COMPLETIONS)/qr
	$(QR) --generate-completion-script zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_qr
	$(QR) --generate-completion-script fish > $(DESTDIR)$(FISH_COMPLETIONS)/qr.fish
	chmod 644 $(DESTDIR)$(BASH_COMPLETIONS)/qr $(DESTDIR)$(ZSH_COMPLETIONS)/_qr $(DESTDIR)$(FISH_COMPLETIONS)/qr.fish

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# The package's Depends: dpkg-shlibdeps on the binary, and the packages of DLOPENED.
deb: build man
	@QR=$(QR) MAKE=$(MAKE) DLOPENED='$(DLOPENED)' ./scripts/deb.sh $(DEB_DIR)

deb-check: deb
	@./scripts/deb-check.sh $(DEB_DIR)/qr_$$($(QR) --version)_$$(dpkg --print-architecture).deb

tsan: test-deps
	@echo "== strategies, decoding and reading under ThreadSanitizer =="
	@filter=$$($(SANITIZED_FILTER)) && echo "swift test --filter: $$(echo "$$filter" | tr "|" "\n" | wc -l) suites and tests tagged .sanitized" && \
	  $(SWIFT) test --disable-xctest --sanitize=thread --scratch-path .build-tsan --filter "$$filter"

asan: test-deps
	@echo "== strategies, decoding and reading under AddressSanitizer (and LeakSanitizer) =="
	@filter=$$($(SANITIZED_FILTER)) && echo "swift test --filter: $$(echo "$$filter" | tr "|" "\n" | wc -l) suites and tests tagged .sanitized" && \
	  $(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan --filter "$$filter"

# 10 000 race decodes from 16 threads (results and memory checked), 64 threads calling
# the blocking race at once (the process's thread count printed, and failed past cores +
# 64 + 8), a decompression bomb and a 9000 x 9000 picture (peak memory measured).
# glibc's per-thread caches of freed blocks are turned off so that the heap in use shows
# what the program holds.
stress: build test-deps
	@echo "== stress =="
	$(SWIFT) build --build-tests
	GLIBC_TUNABLES=glibc.malloc.tcache_count=0 QRKIT_STRESS=1 QRKIT_QR=$(QR) \
	  $(SWIFT) test --skip-build --filter StressTests

# 105 decodes of the sample photos in one process, then a batch of broken files, then
# pictures of degenerate shapes through both engines, under memcheck: no memory errors
# and no definite leaks, C libraries included.
valgrind: test-deps
	@echo "== valgrind: $(VALGRIND_ROUNDS) x the sample photos, then broken files =="
	@SWIFT='$(SWIFT)' ./scripts/valgrind.sh $(VALGRIND_ROUNDS)

fuzz: test-deps
	@SWIFT='$(SWIFT)' ./scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

spark-deps:
	$(call apt_install,$(SPARK_PACKAGES))
	@if [ ! -f "$(SPARK_VENV)/.installed" ]; then \
	  echo "Installing PySpark $(PYSPARK_VERSION) into $(SPARK_VENV)"; \
	  rm -rf "$(SPARK_VENV)" && $(SPARK_PYTHON) -m venv "$(SPARK_VENV)" && \
	  "$(SPARK_VENV)/bin/pip" install -q --disable-pip-version-check pyspark==$(PYSPARK_VERSION) && \
	  touch "$(SPARK_VENV)/.installed"; \
	fi

# The job on a cluster of processes on this machine (two executor JVMs), reading file://
# URIs of Samples/ and three broken or blank pictures from another working folder, with qr
# shipped with the job and its first process killed so that a task runs again; the
# check runs `qr decode --json` on the same inputs and compares pictures, statuses,
# texts and bytes. About two minutes, most of it Spark starting.
spark-example: build spark-deps
	@echo "== Spark: examples/spark/qr_spark.py on Samples/, two executor processes =="
	@QR=$(QR) PYTHON="$(SPARK_VENV)/bin/python" ./scripts/spark-example.sh $(SPARK_OUT)

bench-deps: build
	$(call apt_install,$(BENCH_PACKAGES))

# qr against ZXingReader, zbarimg, qrencode and a Swift hello world, as whole processes
# under hyperfine: start-up, one small photo, one large photo, one encode, then folders in
# one process each. A benchmark, never a failure on a figure: it writes a Markdown table
# with ratios to .bench-peers/bench-peers.md and prints it. `make bench-peers RUNS=10`
# for fewer runs (30 per single-file command by default), QR=PATH for another binary.
# About 3 minutes on 2 cores.
bench-peers: bench-deps
	@QR='$(QR)' RUNS='$(RUNS)' ./scripts/bench-peers.sh

# The generator's hard categories (the field studies' conditions; curved, blur, damaged,
# sheet), 50 pictures each, read by qr's race and by zxing-cpp 3.1 (PyPI, in a venv under
# ~/.cache/qrkit): a Markdown table of read counts and wrong texts per category in
# .bench-hard/bench-hard.md. A benchmark, never a failure on a figure, not part of `make
# test`. `make bench-hard SEED=3 PER_CATEGORY=10`.
bench-hard: build
	@QR='$(QR)' SEED='$(SEED)' PER_CATEGORY='$(PER_CATEGORY)' ./scripts/bench-hard.sh

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-valgrind .fuzz .valgrind .spark-example Serve/.build

# qr-serve, QRKit over HTTP (Serve/: a package of its own, so that swift-nio is never
# built into qr, nor under the sanitizers, valgrind or the fuzzers). `make serve` runs it
# on 127.0.0.1:8080. `make serve-test`: its endpoint tests in process, then schemathesis
# against its /openapi.yaml and a headless Chromium on its page (scripts/serve-test.sh);
# schemathesis and selenium from PyPI in a venv outside the clone, as for Spark.
# `make bench-serve`: wrk on loopback (scripts/serve-bench.sh), a benchmark, not a test.
SERVE_PACKAGES := chromium chromium-driver python3-venv
SERVE_PIP := schemathesis==4.32.5 selenium==4.51.0
SERVE_VENV ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/qrkit/serve-venv-4.32.5-4.51.0
SERVE_BENCH_PACKAGES := wrk
SERVE_BENCH_SECONDS ?= 20

.PHONY: serve serve-deps serve-test bench-serve

serve-deps: deps
	$(call apt_install,$(SERVE_PACKAGES))
	@if [ ! -f "$(SERVE_VENV)/.installed" ]; then \
	  echo "Installing $(SERVE_PIP) into $(SERVE_VENV)"; \
	  rm -rf "$(SERVE_VENV)" && /usr/bin/python3 -m venv "$(SERVE_VENV)" && \
	  "$(SERVE_VENV)/bin/pip" install -q --disable-pip-version-check $(SERVE_PIP) && \
	  touch "$(SERVE_VENV)/.installed"; \
	fi

serve: deps
	cd Serve && $(SWIFT) build -c release --product qr-serve
	Serve/.build/release/qr-serve --host 127.0.0.1 --port 8080

serve-test: serve-deps
	@./scripts/serve-test.sh "$(SERVE_VENV)"

bench-serve: deps
	$(call apt_install,$(SERVE_BENCH_PACKAGES))
	@SECONDS_EACH='$(SERVE_BENCH_SECONDS)' ./scripts/serve-bench.sh
