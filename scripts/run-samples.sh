#!/usr/bin/env bash
# The main job on the shipped samples: what `make run` shows a new user.
set -euo pipefail
qr=${1:-.build/release/qr}
"$qr" encode "https://example.org"
