"""Checks what a task of the Spark job answers on a worker where `qr` is broken, without
Spark: one task's function (qr_spark.decode_partition) run here on two pictures.

    python check_worker.py --qr .build/release/qr PICTURE NO-CODE-PICTURE

- qr missing on the worker: every picture is a row saying qr cannot run there, and the
  task succeeds (a stage does not fail on a worker's set-up).
- libZXing missing (hidden from qr by a bind mount in a mount namespace of its own; needs
  root and unshare): the table's error column names zxing's failure, and zbar's codes
  are still there.
Exits 1 on a difference.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qr_spark import decode_partition  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qr", required=True)
    parser.add_argument("picture")
    parser.add_argument("blank")
    args = parser.parse_args()
    qr = os.path.abspath(args.qr)
    pictures = [("file:/" + p.lstrip("/"), open(p, "rb").read()) for p in (args.picture, args.blank)]
    problems = []

    rows = decode_partition(iter(pictures), "/nonexistent/qr", False, [])
    if len(rows) != 2 or any(r["status"] != "unreadable" or "qr cannot run on this worker" not in r["error"]
                             for r in rows):
        problems.append(f"without qr: {rows!r}")

    library = subprocess.run(["sh", "-c", "ldconfig -p | awk '/libZXing.so/ { print $NF }'"],
                             stdout=subprocess.PIPE, text=True).stdout.split()
    if os.geteuid() != 0 or not shutil.which("unshare") or not library:
        print("check_worker: qr without libZXing not checked (needs root, unshare and libZXing)")
    else:
        folder = tempfile.mkdtemp(prefix="qr-no-zxing-")
        try:
            wrapper = os.path.join(folder, "qr")
            hidden = os.path.realpath(library[0])
            with open(wrapper, "w") as f:
                f.write(f"#!/bin/sh\nexec unshare -m sh -c 'mount --bind /dev/null {hidden} && exec \"$0\" \"$@\"' "
                        f"{qr} \"$@\"\n")
            os.chmod(wrapper, 0o755)
            rows = decode_partition(iter(pictures), wrapper, False, ["--strategy", "sequential"])
        finally:
            shutil.rmtree(folder)
        coded = [r for r in rows if r["file"] == pictures[0][0]]
        blank = [r for r in rows if r["file"] == pictures[1][0]]
        if not coded or any(r["status"] != "code" or r["engine"] != "zbar" or "zxing" not in (r["error"] or "")
                            for r in coded):
            problems.append(f"without libZXing, a picture with a code: {coded!r}")
        if len(blank) != 1 or blank[0]["status"] != "no code" or "zxing" not in (blank[0]["error"] or ""):
            problems.append(f"without libZXing, a picture without a code: {blank!r}")
    if problems:
        print("check_worker: " + "\n  ".join(problems))
        sys.exit(1)
    print("check_worker: a worker without qr answers every picture as unreadable, naming why; "
          "without libZXing, zbar's codes come with zxing's failure in the error column")


if __name__ == "__main__":
    main()
