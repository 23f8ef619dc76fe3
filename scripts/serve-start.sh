# Sourced by scripts/serve-test.sh and scripts/serve-bench.sh: `start_server BIN OUT`
# starts BIN/qr-serve on 127.0.0.1 (a free port, logging warnings only) and sets `server`
# (its process id, killed on exit unless the caller clears the trap) and `url`.
start_server() {
  local bin=$1 out=$2
  # Not the address of a server started before: the new one writes this file anew.
  rm -f "$out/server.out"
  "$bin/qr-serve" --host 127.0.0.1 --port 0 --log-level warning > "$out/server.out" 2> "$out/server.err" &
  server=$!
  trap 'kill "$server" 2>/dev/null || true' EXIT
  url=""
  for _ in $(seq 1 100); do
    url=$(sed -n 's/^qr-serve listening on //p' "$out/server.out")
    [ -n "$url" ] && return 0
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  cat "$out/server.err" >&2
  echo "qr-serve did not say where it listens" >&2
  exit 1
}
