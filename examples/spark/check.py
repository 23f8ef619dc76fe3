"""Checks the Spark job's table against `qr decode --json` run on the same inputs directly.

    python check.py --qr .build/release/qr --table results [--summary summary.json] URI...

The inputs are the job's: file:// URIs of pictures and folders. The same pictures must
be there, named by their URIs (as given, or as Spark lists a folder's: file:/path), each
with the same status (a code, no code, or unreadable with the same message) and the same
codes in the same order, text and bytes alike. Timings, the winning engine and other
report fields are not compared. With --summary, the job's summary must show at least
--executors executors and at least --failed-attempts task attempts run again. Exits 1
and lists the differences on a mismatch.
"""

import argparse
import csv
import glob
import json
import os
import subprocess
import sys
import urllib.parse


def local_path(uri):
    """The local path of a file: URI (file:/a, file:///a)."""
    if not uri.startswith("file:"):
        sys.exit(f"check: {uri}: only file: URIs can be checked")
    return "/" + urllib.parse.unquote(urllib.parse.urlparse(uri).path).lstrip("/")


def expected(qr, strategy, uris):
    """URI -> (status, error, [(text, bytes_base64)]) from `qr decode --json`."""
    inputs = [local_path(u) for u in uris]
    named = {path: uri for path, uri in zip(inputs, uris) if not os.path.isdir(path)}
    run = subprocess.run([qr, "decode", "--json", "--strategy", strategy, *inputs],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if run.returncode not in (0, 1, 2):
        sys.exit(f"check: qr decode exited {run.returncode}: {run.stderr}")
    answers = {}
    # Lines end at "\n" only: splitlines() would also cut at U+2028, U+0085 and the
    # like, which JSON leaves unescaped in a code's text.
    for line in filter(None, run.stdout.split("\n")):
        answer = json.loads(line)
        codes = [(s["text"], s["bytes"]) for s in answer["symbols"]]
        path = answer["file"]
        uri = named.get(path, "file:" + os.path.abspath(path))
        error = answer["error"]
        if error is not None:
            status = "unreadable"
            error = uri + error[len(path):] if error.startswith(path) else error
        else:
            status = "code" if codes else "no code"
            engines = (answer.get("report") or {}).get("engines", [])
            error = "; ".join(e["error"] for e in engines if e.get("error")) or None
        answers[uri] = (status, error, codes)
    return answers


def from_table(folder):
    """The same, from the job's CSV part files."""
    parts = sorted(glob.glob(os.path.join(folder, "**", "part-*.csv"), recursive=True))
    if not parts:
        sys.exit(f"check: no part-*.csv in {folder}")
    rows = {}
    for part in parts:
        with open(part, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                rows.setdefault(row["file"], []).append(row)
    answers = {}
    for file, group in rows.items():
        status = group[0]["status"]
        if any(r["status"] != status for r in group):
            answers[file] = ("mixed", None, [])
            continue
        numbers = sorted(int(r["code"] or 0) for r in group)
        if numbers != list(range(len(group))):
            answers[file] = ("answered more than once", None, [])
            continue
        codes = [(r["text"], r["bytes_base64"]) for r in sorted(group, key=lambda r: int(r["code"] or 0))]
        answers[file] = (status, group[0]["error"] or None, codes if status == "code" else [])
    return answers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--qr", required=True)
    parser.add_argument("--strategy", default="sequential")
    parser.add_argument("--table", required=True, help="the folder the job wrote its CSV to")
    parser.add_argument("--summary", help="the job's --summary file")
    parser.add_argument("--executors", type=int, default=1, help="executors the job must have had")
    parser.add_argument("--failed-attempts", type=int, default=0,
                        help="task attempts that must have failed and run again")
    args = parser.parse_args()

    want = expected(args.qr, args.strategy, args.inputs)
    got = from_table(args.table)
    problems = []
    if args.summary:
        with open(args.summary) as f:
            summary = json.load(f)
        if summary["executors"] < args.executors:
            problems.append(f"the job ran on {summary['executors']} executors, not {args.executors}")
        if summary["failed_task_attempts"] < args.failed_attempts:
            problems.append(f"{summary['failed_task_attempts']} task attempts failed, not at least "
                            f"{args.failed_attempts}: the retry went untested")
    for file in sorted(set(want) | set(got)):
        if file not in got:
            problems.append(f"{file}: not in the table")
        elif file not in want:
            problems.append(f"{file}: in the table, not in qr decode's answer")
        elif got[file] != want[file]:
            problems.append(f"{file}: table {got[file]!r}, qr decode {want[file]!r}")
    if problems:
        print(f"check: the table differs from qr decode --json on {len(problems)} pictures:")
        for problem in problems:
            print("  " + problem)
        sys.exit(1)
    tally = {s: sum(1 for a in want.values() if a[0] == s) for s in ("code", "no code", "unreadable")}
    codes = sum(len(a[2]) for a in want.values())
    print(f"check: the table matches qr decode --json on all {len(want)} pictures "
          f"({tally['code']} with {codes} codes, {tally['no code']} without, {tally['unreadable']} unreadable)")
    if args.summary:
        print(f"check: {summary['executors']} executor processes; {summary['failed_task_attempts']} task "
              f"attempt(s) lost their qr process and ran again; no picture lost or counted twice")


if __name__ == "__main__":
    main()
