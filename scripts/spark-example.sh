#!/usr/bin/env bash
# `make spark-example`: examples/spark/qr_spark.py on a cluster of processes on this
# machine (local-cluster: a master, two worker JVMs, each with an executor), reading
# file:// URIs of Samples/ and three more pictures (no code, cut short, empty), started
# from a folder that is not the pictures', with qr shipped with the job behind a wrapper
# that kills the first qr process it starts, so that a task must run again. Then
# examples/spark/check.py compares the table with `qr decode --json` on the same files.
# Usage: scripts/spark-example.sh OUT (QR and PYTHON from the Makefile).
set -euo pipefail
out=$(realpath -m "$1")
qr=$(realpath "${QR:-.build/release/qr}")
python=${PYTHON:?the Python that has pyspark}
here=$(pwd)

rm -rf "$out" && mkdir -p "$out/extra" "$out/ship" "$out/elsewhere"
cp Tests/Fixtures/no-code.png "$out/extra/"
head -c 300 Samples/photos/qrcode-2-30.png > "$out/extra/cut.png"
: > "$out/extra/empty.png"

# Shipped with the job next to qr: the first task to run it loses its qr process (killed
# as the kernel's OOM killer would); mkdir is the one-time switch all executors share.
cat > "$out/ship/qr-flaky" <<WRAPPER
#!/bin/sh
if mkdir "$out/lost-once" 2>/dev/null; then kill -KILL \$\$; fi
exec "\$(dirname "\$0")/qr" "\$@"
WRAPPER
chmod 755 "$out/ship/qr-flaky"

inputs=("file://$here/Samples" "file://$out/extra/no-code.png" "file://$out/extra/cut.png" "file://$out/extra/empty.png")
export JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
(cd "$out/elsewhere" && "$python" "$here/examples/spark/qr_spark.py" \
  --master 'local-cluster[2,1,1024]' --wait-executors 2 \
  --qr "$out/ship/qr-flaky" --ship "$qr" \
  --summary "$out/summary.json" --output "$out/results" "${inputs[@]}" 2> "$out/job.log") ||
  { cat "$out/job.log" >&2; exit 1; }
# The lost task's Java and Python traces are expected: their first lines only.
grep -v -E '^\s|^Caused by|^Traceback|^$' "$out/job.log" | cut -c1-240 >&2 || true
"$python" examples/spark/check.py --qr "$qr" --table "$out/results" \
  --summary "$out/summary.json" --executors 2 --failed-attempts 1 "${inputs[@]}"
"$python" examples/spark/check_worker.py --qr "$qr" Samples/photos/qrcode-2-30.png "$out/extra/no-code.png"
