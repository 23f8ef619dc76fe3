#!/usr/bin/env bash
# `make valgrind`: the sample photos decoded ROUNDS times in one process, then a batch of
# broken files, then pictures of degenerate shapes through both engines, all under
# memcheck: no memory errors and no definite leaks, C libraries included.
# Usage: scripts/valgrind.sh [ROUNDS]   (SWIFT names the swift driver, `swift` by default;
# VALGRIND_SECONDS bounds each memcheck run, 900 by default)
set -euo pipefail
rounds=${1:-7}
swift=${SWIFT:-swift}
qr=.build-valgrind/debug/qr
out=.valgrind

# valgrind 3.19 reads DWARF 4, not the DWARF 5 clang writes by default.
"$swift" build --product qr --scratch-path .build-valgrind -Xcc -gdwarf-4 -Xcxx -gdwarf-4 -Xswiftc -dwarf-version=4
rm -rf "$out" && mkdir -p "$out"

# The longest one memcheck run may take (seconds) before it is killed and fails: a hang
# must fail the run, not hold it. Memcheck holds signals while a thread waits for its
# lock, so only SIGKILL is sure to end it.
limit=${VALGRIND_SECONDS:-900}

# Runs `qr decode` under memcheck, its log in $out/NAME.log, its output in $out/NAME.out
# and $out/NAME.err, and fails (exits) unless qr exits with EXPECTED; the remaining
# arguments are qr's.
memcheck() {
  local name=$1 expected=$2 status=0
  shift 2
  timeout -s KILL "$limit" valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --error-exitcode=99 --suppressions=scripts/valgrind.supp --log-file="$out/$name.log" \
    "$qr" decode --jobs 2 "$@" > "$out/$name.out" 2> "$out/$name.err" || status=$?
  grep -hE "in use at exit|definitely lost|indirectly lost|possibly lost|still reachable|ERROR SUMMARY" \
    "$out/$name.log" || true
  if [ "$status" -ne "$expected" ]; then
    cat "$out/$name.log" "$out/$name.err"
    if [ "$status" -eq 137 ]; then
      echo "valgrind: $name had not ended after $limit s (killed): a hang, or VALGRIND_SECONDS too low"
    else
      echo "valgrind: $name gave status $status, not $expected"
    fi
    exit 1
  fi
}

# Memcheck runs a program's threads one at a time, so the photos run on one core while
# the broken files and the degenerate shapes run on the other; each run's report is
# printed when both are done.
photos=()
for _ in $(seq "$rounds"); do photos+=(Samples/photos/*.png); done
(
  memcheck photos 0 "${photos[@]}"
  echo "valgrind: $(wc -l < "$out/photos.out") codes read from ${#photos[@]} decodes"
) > "$out/photos.report" 2>&1 &
first=$!

# Broken files: cut short, empty, noise, a bad CRC, missing; and one good photo after them.
head -c 300 Samples/photos/qrcode-2-30.png > "$out/cut.png"
: > "$out/empty.png"
head -c 2000 /dev/urandom > "$out/random.png"
{ head -c 29 Samples/photos/qrcode-2-30.png; printf 'XXXX'; tail -c +34 Samples/photos/qrcode-2-30.png; } \
  > "$out/crc.png"
(
  memcheck broken 2 "$out/cut.png" "$out/empty.png" "$out/random.png" "$out/crc.png" "$out/missing.png" \
    Samples/photos/qrcode-2-30.png
  echo "valgrind: $(wc -l < "$out/broken.err") broken files reported (exit 2)"
  memcheck degenerate 1 --strategy all Tests/Fixtures/degenerate
  echo "valgrind: $(ls Tests/Fixtures/degenerate/*.png | wc -l) degenerate shapes (1 x 1 to 1 x 65535)" \
    "read by both engines, no code (exit 1)"
) > "$out/others.report" 2>&1 &
second=$!

status=0
wait "$first" || status=1
wait "$second" || status=1
cat "$out/photos.report" "$out/others.report"
exit "$status"
