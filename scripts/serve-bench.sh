#!/usr/bin/env bash
# `make bench-serve`: the release qr-serve on loopback under wrk, at 1, 8, 64 and 256
# connections for SECONDS_EACH seconds each, on GET /encode (a URL as PNG) and POST
# /decode (Samples' photos in turn); then 60 s at 256 connections on /decode, the load
# the admission bound is for. Per run: requests/s, p50/p99, statuses (503 apart from
# other errors), the latency of admitted /decode requests from the server's own histogram
# (wrk's figures mix them with the refusals), the server's peak threads and RSS, and the
# load average. Then the same decodes in process
# (`qr bench --batch-table`), so the table shows what HTTP adds. Only 127.0.0.1; every
# run ends by itself. Writes .build/bench-serve/bench-serve.md and prints it.
set -euo pipefail
. "$(dirname "$0")/serve-start.sh"
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds=${SECONDS_EACH:-20}
long=${LONG_SECONDS:-60}
out="$root/.build/bench-serve"
mkdir -p "$out"
cd "$root/Serve"
swift build -c release --product qr-serve
swift build -c release --product qr
bin="$(swift build -c release --show-bin-path)"
photos=("$root"/Samples/photos/*.png)

start_server "$bin" "$out"

# The server's threads and RSS (MB), with the seconds since the start, every 200 ms, into
# $1, until the file $1.stop exists.
sample() {
  local start=$EPOCHREALTIME
  while [ ! -e "$1.stop" ] && kill -0 "$server" 2>/dev/null; do
    awk -v now="$EPOCHREALTIME" -v start="$start" \
      '/^Threads:/ {n=$2} /^VmRSS:/ {r=$2} END {printf "%.1f %d %.1f\n", now - start, n, r/1024}' "/proc/$server/status" >> "$1"
    sleep 0.2
  done
}

# The server's histogram of admitted /decode requests (bucket bound in seconds, count).
admitted_buckets() {
  curl -s --max-time 10 "$url/metrics" | sed -n 's/^qrserve_admitted_decode_duration_seconds_bucket{le="\([^"]*\)"} \([0-9]*\)$/\1 \2/p'
}

# p50 and p99 in ms of the admitted requests between two histograms ($1 before, $2
# after), interpolated within a bucket; "-" when none was admitted.
admitted_quantiles() {
  # Before the first admitted request the histogram is not in /metrics at all: zeros.
  join -a 2 -e 0 -o 0,1.2,2.2 <(sort "$1") <(sort "$2") | awk '$1 != "+Inf" {print $1, $3 - $2}' | sort -g | awk '
    {le[NR]=$1; cum[NR]=$2} END {
      total=cum[NR]; if (total == 0) {print "- / -"; exit}
      split("0.5 0.99", qs, " ")
      for (i = 1; i <= 2; i++) {
        target=qs[i] * total; lower=0; below=0
        for (j = 1; j <= NR; j++) {
          if (cum[j] >= target) {v=lower + (le[j] - lower) * (target - below) / (cum[j] - below); break}
          lower=le[j]; below=cum[j]
        }
        out[i]=sprintf("%.2f", v * 1000)
      }
      print out[1] " / " out[2] " ms"
    }'
}

# The server's count of answers on route $1 by status ("200 N" a line, sorted): wrk's
# script hands it no answer (see serve-bench.lua), so the statuses of a run are the
# difference of two of these.
route_statuses() {
  curl -s --max-time 10 "$url/metrics" | sed -n "s|^qrserve_requests_total{route=\"$1\",status=\"\([0-9]*\)\"} \([0-9]*\)\$|\1 \2|p" | sort
}

# The server's CPU time so far, in clock ticks.
server_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }

# The CPU time so far of the server's decode workers (threads named qrkit-decode), in
# clock ticks: a worker that has ended since is not counted, so runs short enough that
# none does (they live 2 s idle) are what this is for.
decode_ticks() {
  { cat /proc/"$server"/task/*/stat 2>/dev/null || true; } | awk '/\(qrkit-decode\)/ {sub(/^.*\) /, ""); t += $12 + $13} END {print t + 0}'
}

# The CPU time in seconds of this shell's children that have ended, from bash's `times`
# written to the file $1 (by this shell itself: in a subshell it would count the
# subshell's children); taken just before and after wrk, the difference is wrk's own.
children_seconds() {
  awk 'NR == 2 {t = 0; for (i = 1; i <= 2; i++) {split($i, p, /[ms]/); t += 60 * p[1] + p[2]}; print t}' "$1"
}

# The machine's clock ticks so far: all, and idle.
machine_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6}' /proc/stat; }

# One wrk run: NAME CONNECTIONS SECONDS URL [PICTURES...] -> a table row.
run() {
  local name=$1 connections=$2 duration=$3 target=$4
  shift 4
  local threads=$((connections < 2 ? 1 : 2))
  local route=/decode
  [ "$name" = encode ] && route=/encode
  local samples="$out/$name-$connections.samples"
  rm -f "$samples" "$samples.stop"
  admitted_buckets > "$out/$name-$connections.before"
  route_statuses "$route" > "$out/$name-$connections.statuses-before"
  sample "$samples" &
  local sampler=$!
  local cpu_before machine_before decode_before
  cpu_before=$(server_ticks)
  decode_before=$(decode_ticks)
  machine_before=$(machine_ticks)
  local wrk_before wrk_after
  times > "$out/times"
  wrk_before=$(children_seconds "$out/times")
  wrk -t "$threads" -c "$connections" -d "${duration}s" --timeout 10s --latency \
    -s "$root/scripts/serve-bench.lua" "$target" -- "$@" > "$out/$name-$connections.wrk" 2>&1 || true
  times > "$out/times"
  wrk_after=$(children_seconds "$out/times")
  local cpu_after machine_after decode_after
  cpu_after=$(server_ticks)
  decode_after=$(decode_ticks)
  machine_after=$(machine_ticks)
  touch "$samples.stop"
  wait "$sampler" || true
  local load admitted="-"
  load=$(cut -d ' ' -f 1 /proc/loadavg)
  admitted_buckets > "$out/$name-$connections.after"
  route_statuses "$route" > "$out/$name-$connections.statuses-after"
  local statuses
  statuses=$(join -a 2 -e 0 -o 0,1.2,2.2 "$out/$name-$connections.statuses-before" "$out/$name-$connections.statuses-after" |
    awk '$3 > $2 {printf "%s%s=%d", (n++ ? "," : ""), $1, $3 - $2}')
  [ "$name" = encode ] || admitted=$(admitted_quantiles "$out/$name-$connections.before" "$out/$name-$connections.after")
  awk -v name="$name" -v c="$connections" -v d="$duration" -v samples="$samples" -v load="$load" -v admitted="$admitted" -v statuses="${statuses:--}" -v wrkcpu="$(awk -v a="$wrk_before" -v b="$wrk_after" 'BEGIN {print b - a}')" \
    -v cpu="$((cpu_after - cpu_before))" -v decode="$((decode_after - decode_before))" -v hz="$(getconf CLK_TCK)" -v machine="$machine_before $machine_after" '
    /Requests\/sec:/ {rps=$2}
    /^ +50%/ {p50=$2} /^ +99%/ {p99=$2}
    /Socket errors/ {sock=$0; sub(/.*Socket errors: /, "", sock)}
    END {
      # Peak threads and RSS, and RSS after 10 s of warm-up and at the end: flat is what
      # a server that holds under load shows.
      peakT=0; peakR=0; warm=""; last=""
      while ((getline line < samples) > 0) {
        split(line, f, " "); if (f[2] > peakT) peakT=f[2]; if (f[3] > peakR) peakR=f[3]
        if (warm == "" && f[1] >= 10) warm=f[3]; last=f[3]
      }
      # CPU of the server per answer, and how busy the machine was (the server, wrk and
      # whatever else ran): what HTTP and the load generator take beside the decodes.
      split(machine, m, " ")
      busy=(m[3] - m[1] == 0) ? 0 : 100 * ((m[3] - m[1]) - (m[4] - m[2])) / (m[3] - m[1])
      answers=rps * d
      printf "| %s | %d | %d s | %s | %s | %s | %s | %s | %s | %d | %.0f MB (%s → %s) | %.2f ms (%.2f) | %.3f ms | %.0f %% | %s |\n", name, c, d, rps, p50, p99, admitted, statuses, (sock == "" ? "none" : sock), peakT, peakR, (warm == "" ? "-" : warm), last, (answers > 0 ? 1000 * cpu / hz / answers : 0), (answers > 0 ? 1000 * decode / hz / answers : 0), (answers > 0 ? 1000 * wrkcpu / answers : 0), busy, load
    }' "$out/$name-$connections.wrk"
}

{
  echo "## qr-serve under wrk ($(date -u +%Y-%m-%d), $(nproc) cores, commit $(git -C "$root" rev-parse --short HEAD))"
  echo
  echo "Load average before: $(cut -d ' ' -f 1-3 /proc/loadavg). p50 and p99 are wrk's, over every answer; statuses: the server's count of its answers by status (wrk's script formats each request once and takes no answer back, so that wrk, on the same cores, costs little per request); admitted: the server's histogram of /decode requests given a place, from arrival to answer. Server CPU per answer: its user and system time over the answers wrk counted, in brackets that of its decode workers (qrkit-decode: reading and decoding; the rest is HTTP, JSON and hand-overs); wrk's CPU per answer: the load generator's user and system time over the same answers; machine busy: all cores, the server and wrk (which share them) and anything else."
  echo
  echo "| route | connections | time | requests/s | p50 | p99 | admitted p50 / p99 | statuses | socket errors | peak threads | peak RSS (at 10 s → end) | server CPU per answer (decode workers) | wrk's CPU per answer | machine busy | load (1 min) after |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for c in 1 8 64 256; do
    run encode "$c" "$seconds" "$url/encode?text=https%3A%2F%2Fexample.org%2Fqr&format=png"
  done
  for c in 1 8 64 256; do
    run decode "$c" "$seconds" "$url/decode" "${photos[@]}"
  done
  run decode-long 256 "$long" "$url/decode" "${photos[@]}"
  echo
  echo "In process, the same photos (\`qr bench --batch-table --strategies race\`, a worker per core):"
  echo
  echo '```'
  "$bin/qr" bench "$root/Samples/photos" --strategies race --batch-table --runs 3
  echo '```'
  # The same pictures as a throughput, over enough of them that the batch's start and
  # end (its last pictures decoded alone) weigh little; the fastest of three runs, so
  # that a run slowed by anything else on the machine cannot flatter the server's ratio.
  repeated=()
  for _ in $(seq 1 100); do repeated+=("${photos[@]}"); done
  seconds_each=()
  for _ in 1 2 3; do
    began=$EPOCHREALTIME
    "$bin/qr" decode -q "${repeated[@]}" > /dev/null || true
    ended=$EPOCHREALTIME
    seconds_each+=("$(awk -v b="$began" -v e="$ended" 'BEGIN {printf "%.3f", e - b}')")
  done
  echo
  printf '%s\n' "${seconds_each[@]}" | sort -n | awk -v n="${#repeated[@]}" -v k="${#photos[@]}" \
    '{t[NR] = $1} END {printf "In process as a throughput (`qr decode -q`, the %d photos 100 times over, one process, race; the fastest of %d runs: %s s): %.0f pictures/s.\n", k, NR, t[1] ", " t[2] ", " t[3], n / t[1]}'
} | tee "$out/bench-serve.md"

kill -TERM "$server"
wait "$server" || true
trap - EXIT
