#!/usr/bin/env bash
# `make serve-test`: qr-serve's endpoint tests in process, then a real server on loopback
# under schemathesis (its own /openapi.yaml) and a headless Chromium (selenium), then
# SIGTERM, which must drain and exit 0. Every load is bounded in count and time.
# Usage: scripts/serve-test.sh VENV (the Python with schemathesis and selenium).
set -euo pipefail
. "$(dirname "$0")/serve-start.sh"
venv=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/serve-test"
mkdir -p "$out"
cd "$root/Serve"

echo "== qr-serve: endpoint tests (in process) =="
swift build --build-tests
swift test --skip-build
swift build --product qr-serve
swift build --product qr
bin="$(swift build --show-bin-path)"

echo "== qr-serve on 127.0.0.1 (a free port) =="
start_server "$bin" "$out"
echo "$url"

echo "== schemathesis against $url/openapi.yaml =="
# Positive and negative examples, bounded: no 5xx, every status, header and body as
# documented, invalid input refused, other methods 405. Not that every schema-valid request
# succeeds: what a schema cannot say (8bit with kanji, a size-px under the symbol, bytes
# that are no picture) is refused, as documented.
# Run from the output folder, where schemathesis keeps its own files.
(cd "$out" && timeout 600 "$venv/bin/schemathesis" run "$url/openapi.yaml" --url "$url" \
  --checks all --exclude-checks positive_data_acceptance \
  --max-examples 100 --request-timeout 30 --seed 7 --no-color \
  --report junit --report-dir "$out/schemathesis")

echo "== a headless Chromium on the page =="
timeout 300 "$venv/bin/python" -u "$root/scripts/serve-browser-test.py" "$url" "$bin/qr" "$root/Samples" "$out"

echo "== SIGTERM drains and stops =="
# A request still uploading when SIGTERM comes (a 436 kB picture at 200 kB/s) is answered.
curl -sS --max-time 60 --limit-rate 200k -o "$out/drained.json" -w '%{http_code}' \
  --data-binary @"$root/Samples/large/qrcode-1-1-x4.5.png" "$url/decode" > "$out/drained.status" &
client=$!
sleep 0.7
kill -TERM "$server"
wait "$client" || { echo "the request in flight at SIGTERM failed" >&2; exit 1; }
if [ "$(cat "$out/drained.status")" != 200 ] || ! grep -q "en.wikipedia.org/wiki/Main_Page" "$out/drained.json"; then
  echo "the request in flight at SIGTERM was answered $(cat "$out/drained.status"): $(cat "$out/drained.json")" >&2
  exit 1
fi
echo "a request in flight at SIGTERM was answered 200"
status=0
wait "$server" || status=$?
trap - EXIT
if [ "$status" -ne 0 ]; then
  cat "$out/server.err"
  echo "qr-serve exited $status after SIGTERM" >&2
  exit 1
fi
echo "qr-serve stopped cleanly; screenshot: $out/page.png"
