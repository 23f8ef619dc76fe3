#!/usr/bin/env python3
"""Read counts per category of a generated corpus: qr's race against zxing-cpp (PyPI).

A picture counts as read when every expected code is read and no symbol gives a text
that is not expected (as ReadScore counts: a symbol's UTF-8 text or its bytes). Run
with a Python that has zxing-cpp and Pillow (scripts/bench-hard.sh makes one):

    bench-hard.py CORPUS QR_BINARY > table.md

A benchmark, not a test: it prints the table and fails only when a tool cannot run.
"""
import base64
import json
import os
import subprocess
import sys

import zxingcpp
from PIL import Image

SEPARATOR = b"\n\x1e\n"


def expected(stem):
    if os.path.exists(stem + ".all.txt"):
        return open(stem + ".all.txt", "rb").read().split(SEPARATOR)
    return [open(stem + ".txt", "rb").read()]


def score(reads, payloads):
    """(fully read, wrong reads) for reads given as (text bytes, raw bytes)."""
    read = all(any(t == p or b == p for t, b in reads) for p in payloads)
    wrong = sum(1 for t, b in reads if t not in payloads and b not in payloads)
    return read, wrong


def main():
    corpus, qr = sys.argv[1], sys.argv[2]
    pictures = sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(corpus)
        for name in names
        if name.endswith(".png")
    )
    run = subprocess.run(
        [qr, "decode", "--json", "--strategy", "race", "--jobs", "2", "--files-from", "-"],
        input="\n".join(pictures) + "\n", capture_output=True, text=True)
    race = {}
    for line in run.stdout.splitlines():
        entry = json.loads(line)
        if "file" not in entry:
            continue
        race[entry["file"]] = [
            (s["text"].encode(), base64.b64decode(s["bytes"])) for s in entry.get("symbols", [])]
    if len(race) < len(pictures):
        sys.exit(f"qr decode answered {len(race)} of {len(pictures)} pictures: {run.stderr[:500]}")
    rows = {}
    for path in pictures:
        category = os.path.basename(os.path.dirname(path))
        payloads = expected(path[:-4])
        image = Image.open(path).convert("L")
        zx = [(b.text.encode(), bytes(b.bytes)) for b in zxingcpp.read_barcodes(
            image, formats=[zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode])]
        row = rows.setdefault(category, {"n": 0, "race": 0, "race_wrong": 0, "zx": 0, "zx_wrong": 0, "missed": []})
        row["n"] += 1
        ok, wrong = score(race[path], payloads)
        row["race"] += ok
        row["race_wrong"] += wrong
        if not ok:
            row["missed"].append(os.path.basename(path)[:-4].rsplit("-", 1)[-1])
        ok, wrong = score(zx, payloads)
        row["zx"] += ok
        row["zx_wrong"] += wrong
    print("| category | pictures | race read | race wrong texts | zxing-cpp %s read | zxing-cpp wrong texts | race missed |"
          % getattr(zxingcpp, "__version__", "3.1"))
    print("|:--|--:|--:|--:|--:|--:|:--|")
    for category, row in sorted(rows.items()):
        print("| %s | %d | %d (%.0f %%) | %d | %d (%.0f %%) | %d | %s |" % (
            category, row["n"], row["race"], 100 * row["race"] / row["n"], row["race_wrong"],
            row["zx"], 100 * row["zx"] / row["n"], row["zx_wrong"], " ".join(row["missed"]) or "–"))


if __name__ == "__main__":
    main()
