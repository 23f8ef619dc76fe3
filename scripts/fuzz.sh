#!/usr/bin/env bash
# `make fuzz`: libFuzzer with AddressSanitizer on each target of qr-fuzz for SECONDS each.
# Corpora grow in .fuzz/ between runs; a crash leaves its input in fuzz-artifacts/ and
# fails the target, as does an input that runs past the timeout or the memory limit.
# Usage: scripts/fuzz.sh SECONDS TARGET...   (SWIFT names the swift driver, `swift` by default)
set -euo pipefail
seconds=$1
shift
targets=("$@")
swift=${SWIFT:-swift}
fuzz=.build-fuzz/release/qr-fuzz

echo "== fuzzing each target for $seconds s =="
for target in "${targets[@]}"; do mkdir -p ".fuzz/seeds/$target" ".fuzz/corpus/$target"; done
mkdir -p fuzz-artifacts

# Seeds: the small sample pictures of each format (the orientation fixtures too, for the
# EXIF and TIFF orientation tags), and the sample payloads for text decoding.
find Samples -name '*.png' -size -64k -exec cp -f {} .fuzz/seeds/png/ \;
find Samples Tests/Fixtures/orientation -name '*.jpg' -size -64k -exec cp -f {} .fuzz/seeds/jpeg/ \;
find Samples -name '*.webp' -size -64k -exec cp -f {} .fuzz/seeds/webp/ \;
find Samples Tests/Fixtures/orientation -name '*.tif' -size -64k -exec cp -f {} .fuzz/seeds/tiff/ \;
find Samples -name '*.gif' -size -64k -exec cp -f {} .fuzz/seeds/gif/ \;
# BMP and netpbm seeds: the small GIF samples as netpbm's tools write them, in each variant.
netpbm=.fuzz/seeds/netpbm
bmp=.fuzz/seeds/bmp
for gif in $(find Samples -name '*.gif' -size -8k); do
  name=$(basename "$gif" .gif)
  giftopnm "$gif" > "$netpbm/$name.ppm" 2> /dev/null || continue
  ppmtopgm "$netpbm/$name.ppm" > "$netpbm/$name.pgm"
  pgmtopbm -threshold "$netpbm/$name.pgm" > "$netpbm/$name.pbm"
  pnmtoplainpnm "$netpbm/$name.pgm" > "$netpbm/$name.plain.pgm"
  pamtopam < "$netpbm/$name.pgm" > "$netpbm/$name.pam"
  ppmtobmp "$netpbm/$name.ppm" > "$bmp/$name.bmp" 2> /dev/null
  ppmtobmp -bpp 24 "$netpbm/$name.ppm" > "$bmp/$name.24.bmp" 2> /dev/null
  ppmtobmp "$netpbm/$name.pbm" > "$bmp/$name.1.bmp" 2> /dev/null
  pnmquant 16 "$netpbm/$name.ppm" 2> /dev/null | ppmtobmp -bpp 4 > "$bmp/$name.4.bmp" 2> /dev/null
done
find Samples -name '*.txt' -exec cp -f {} .fuzz/seeds/text/ \;

# SwiftPM passes --sanitize=fuzzer and --sanitize=address to swiftc as two options, in an
# order that changes from run to run, and swiftc keeps only the last: half the builds came
# out without coverage (a blind fuzzer) or without ASan. The -Xswiftc option comes last
# and names both; the counter check below keeps it honest. The linker warns once per ASan
# helper symbol it cannot export; the log keeps those.
rm -rf .build-fuzz
"$swift" build -c release --product qr-fuzz --sanitize=fuzzer --sanitize=address \
  -Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz > .fuzz/build.log 2>&1 ||
  { grep -v "Cannot export local symbol" .fuzz/build.log; exit 1; }
counters=$({ "$fuzz" text -runs=1 2>&1 || true; } | sed -n 's/.*Loaded 1 modules *(\([0-9]*\) inline.*/\1/p')
echo "qr-fuzz: built with ${counters:-no} coverage counters"
if [ "${counters:-0}" -lt 2000 ]; then
  echo "qr-fuzz: QRKit is not instrumented for coverage"
  exit 1
fi

# The targets run side by side, one a core (libFuzzer runs one input at a time), each for
# the same SECONDS as alone; FUZZ_JOBS sets how many at once.
jobs=${FUZZ_JOBS:-$(nproc)}
fuzz_target() {
  local target=$1 status=0
  "$fuzz" "$target" ".fuzz/corpus/$target" ".fuzz/seeds/$target" -max_total_time="$seconds" \
    -timeout=8 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="fuzz-artifacts/$target-" \
    > ".fuzz/$target.log" 2>&1 || status=$?
  echo "$status" > ".fuzz/$target.status"
}
running=0
for target in "${targets[@]}"; do
  rm -f ".fuzz/$target.status"
  fuzz_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=0
for target in "${targets[@]}"; do
  echo "-- $target"
  status=$(cat ".fuzz/$target.status" 2> /dev/null || echo "no status")
  grep -E "^(Done|stat::number_of_executed_units|stat::average_exec_per_sec)" ".fuzz/$target.log" || true
  if [ "$status" != 0 ]; then
    tail -n 60 ".fuzz/$target.log"
    echo "fuzz: $target failed ($status); input in fuzz-artifacts/"
    failed=1
  fi
done
exit "$failed"
