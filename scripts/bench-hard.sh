#!/usr/bin/env bash
# The generator's hard categories (the field studies' conditions, and curved, blur,
# damaged, sheet), read by qr's race and by zxing-cpp 3.1 from PyPI: a Markdown table of
# read counts and wrong texts per category. A benchmark, never a failure on a figure.
#
#   make bench-hard                        # builds qr (release), then runs this
#   PER_CATEGORY=10 SEED=3 scripts/bench-hard.sh
#
# Settings, from the environment:
#   QR            the qr binary (.build/release/qr)
#   SEED          the corpus's seed (2711)
#   PER_CATEGORY  pictures of each category (50)
#   CATEGORIES    comma-separated (the field studies' conditions, curved, blur, damaged, sheet)
#   OUT_DIR       corpus and table, kept out of git (.bench-hard)
#   VENV          the Python with zxing-cpp, made when missing (~/.cache/qrkit/zxing-venv)
set -euo pipefail
QR=${QR:-.build/release/qr}
SEED=${SEED:-2711}
PER_CATEGORY=${PER_CATEGORY:-50}
CATEGORIES=${CATEGORIES:-glare,shadow,moire,high-version,exposure,crop,motion-blur,halftone,curved,blur,damaged,sheet}
OUT_DIR=${OUT_DIR:-.bench-hard}
VENV=${VENV:-$HOME/.cache/qrkit/zxing-venv}

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import zxingcpp, PIL' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q 'zxing-cpp==3.1.*' pillow
fi
count=$(( PER_CATEGORY * $(echo "$CATEGORIES" | tr ',' '\n' | wc -l) ))
corpus="$OUT_DIR/corpus-$SEED-$count"
if [ ! -d "$corpus" ]; then
    rm -rf "$corpus.partial"
    "$QR" bench --generate "$corpus.partial" --count "$count" --seed "$SEED" --categories "$CATEGORIES" >/dev/null
    mv "$corpus.partial" "$corpus"
fi
{
    echo "qr bench --generate --seed $SEED --count $count --categories $CATEGORIES; $(date -u +%Y-%m-%d), $(nproc) cores"
    echo
    "$VENV/bin/python" scripts/bench-hard.py "$corpus" "$QR"
} | tee "$OUT_DIR/bench-hard.md"
