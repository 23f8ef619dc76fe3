# QRKit — set-up, build, run and test. `make run` and `make test` are all a new user types.
SWIFT ?= swift
# Libraries the package links, and the peer tools the tests compare against.
LIB_PACKAGES := libqrencode-dev libzbar-dev libzxing-dev libpng-dev
TEST_PACKAGES := zbar-tools zxing-cpp-tools
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
QR := .build/release/qr

.PHONY: all deps test-deps build run test clean

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

build: deps
	$(SWIFT) build -c release --product qr

run: build
	@./scripts/run-samples.sh $(QR)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@echo "== strategies and decoding under ThreadSanitizer =="
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'StrategyTests|ConcurrencyTests|ConcurrentRealDecodingTests|SampleDecodingTests'

clean:
	rm -rf .build .build-tsan
