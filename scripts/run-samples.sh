#!/usr/bin/env bash
# The main job on the shipped samples: what `make run` shows a new user.
set -euo pipefail
qr=${1:-.build/release/qr}
samples="$(cd "$(dirname "$0")/.." && pwd)/Samples"
"$qr" encode "https://example.org"
echo
echo "== every decode strategy on $samples (real photos and generated pictures) =="
"$qr" bench "$samples" --category-table
