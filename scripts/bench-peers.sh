#!/usr/bin/env bash
# qr against the peer tools, as whole processes: each comparison is one hyperfine run with
# every command side by side, and the figures go into one Markdown table with ratios, the
# date and the machine. A benchmark, not a test: no figure ever fails it. It exits
# non-zero only when a tool is missing or a command cannot run at all.
#
#   make bench-peers                      # installs the tools, builds qr, then runs this
#   make bench-peers RUNS=10 QR=/tmp/qr   # fewer runs, another qr binary
#   scripts/bench-peers.sh                # the same without installing or building
#
# Settings, from the environment:
#   QR            the qr binary (.build/release/qr)
#   RUNS          timed runs of each single-file command (30)
#   FOLDER_RUNS   timed runs of each folder command: Samples/photos, the peer corpus (RUNS/3, at least 3)
#   GEN_RUNS      timed runs over the generated corpus, whose commands take seconds (RUNS/6, at least 3)
#   WARMUP        untimed runs before each command (5)
#   OUT_DIR       results folder, from the package root; kept out of git (.bench-peers)
#   OUT           the Markdown file ($OUT_DIR/bench-peers.md)
#   PEER_CORPUS   the project's peer corpus, if present (../shared/corpus/peer)
#   GEN_COUNT     pictures in the generated corpus (300, seed 7: the figure issue "Many pictures" names)
set -euo pipefail

# The photos of comparisons 2 and 3. The second should have 2 to 3 megapixels (its table
# says so when it has not): Samples/large holds one, a sample photo scaled up.
SMALL_PHOTO=Samples/photos/qrcode-2-30.png
LARGE_PHOTO=Samples/large/qrcode-1-1-x4.5.png
ENCODE_TEXT=https://example.org/some/path
GEN_COUNT=${GEN_COUNT:-300}
GEN_SEED=7

die() { echo "bench-peers: $*" >&2; exit 1; }

# A relative QR is taken from the caller's directory; everything else from the package root.
QR=${QR:-.build/release/qr}
case $QR in
  /*) ;;
  */*) QR="$(pwd)/$QR" ;;
  *) QR=$(command -v "$QR" || echo "$QR") ;;
esac
cd "$(dirname "$0")/.."

RUNS=${RUNS:-30}
[[ $RUNS =~ ^[0-9]+$ && $RUNS -ge 2 ]] || die "RUNS must be a whole number of at least 2, not '$RUNS'"
FOLDER_RUNS=${FOLDER_RUNS:-$(( RUNS / 3 > 3 ? RUNS / 3 : 3 ))}
GEN_RUNS=${GEN_RUNS:-$(( RUNS / 6 > 3 ? RUNS / 6 : 3 ))}
WARMUP=${WARMUP:-5}
OUT_DIR=${OUT_DIR:-.bench-peers}
OUT=${OUT:-$OUT_DIR/bench-peers.md}
PEER_CORPUS=${PEER_CORPUS:-../shared/corpus/peer}

# ---- what must be there -------------------------------------------------------------
missing=() packages=""
need() {
  command -v "$1" > /dev/null 2>&1 && return
  missing+=("$1 (${2:-Debian package $3})")
  if [ -n "${3:-}" ]; then packages+=" $3"; fi
}
need hyperfine "" hyperfine
need qrencode "" qrencode
need ZXingReader "" zxing-cpp-tools
need zbarimg "" zbar-tools
need python3 "" python3
need swiftc "the Swift 6 toolchain"
if ((${#missing[@]})); then
  printf 'bench-peers: missing:\n' >&2
  printf '  %s\n' "${missing[@]}" >&2
  if [ -n "$packages" ]; then echo "bench-peers: install with: sudo apt-get install$packages" >&2; fi
  die "or run \`make bench-peers\`, which installs the peer tools and builds qr first"
fi
[ -x "$QR" ] || die "no qr binary at $QR: build it with \`make build\` (or run \`make bench-peers\`), or point QR at one"
"$QR" --version > /dev/null 2>&1 || die "$QR --version does not run"
for f in "$SMALL_PHOTO" "$LARGE_PHOTO"; do [ -f "$f" ] || die "no photo $f"; done
mkdir -p "$OUT_DIR" "$(dirname "$OUT")" || die "cannot make the results folder $OUT_DIR"

# ---- helpers ------------------------------------------------------------------------
# "W H" of a PNG, from its IHDR chunk.
png_size() {
  python3 -c 'import struct,sys; b=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", b[16:24]))' "$1"
}
describe_png() {
  local w h
  read -r w h < <(png_size "$1")
  python3 -c 'import sys; w,h=int(sys.argv[1]),int(sys.argv[2]); print(f"{w} × {h}, {w*h/1e6:.2f} MP")' "$w" "$h"
}
# One word for hyperfine's shell-less command line (it splits on blanks and honours quotes).
quote() {
  if [[ $1 =~ ^[A-Za-z0-9._/+=:,@%-]+$ ]]; then printf '%s' "$1"; else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}
quote_all() { local f out=""; for f in "$@"; do out+=" $(quote "$f")"; done; printf '%s' "${out# }"; }
# The PNGs under a folder, sorted, one per line.
pngs_under() { find "$1" -type f -name '*.png' | LC_ALL=C sort; }

MD_PARTS=$OUT_DIR/parts
rm -rf "$MD_PARTS" && mkdir -p "$MD_PARTS"
section=0

# compare TITLE NOTE REFERENCE TARGET IGNORE RUNS -- LABEL COMMAND [LABEL COMMAND ...]
#   One hyperfine run over every COMMAND, then one Markdown table. LABEL is what the table
#   shows; REFERENCE is the LABEL that ratios divide by; TARGET, if not empty, is qr's
#   target ratio (the first row is qr's). IGNORE=1 lets commands exit non-zero (a decoder
#   exits 1 or 4 when a picture has no code): the table shows the exit statuses.
compare() {
  local title=$1 note=$2 reference=$3 target=$4 ignore=$5 runs=$6
  shift 7
  section=$((section + 1))
  local json=$OUT_DIR/$section.json
  local args=(-N --warmup "$WARMUP" --runs "$runs" --export-json "$json")
  [ "$ignore" = 1 ] && args+=(-i)
  while (($#)); do args+=(-n "$1" "$2"); shift 2; done
  echo "== $section. $title" >&2
  hyperfine "${args[@]}" >&2 ||
    die "comparison $section ($title): hyperfine could not run a command; the error is above"
  python3 - "$json" "$section. $title" "$note" "$reference" "$target" > "$MD_PARTS/$section.md" <<'PY'
import json, sys
path, title, note, reference, target = sys.argv[1:6]
results = json.load(open(path))["results"]
ref = next(r for r in results if r["command"] == reference)

def ms(seconds, like=None):
    """Milliseconds, with as many decimals as `like` (a mean) calls for."""
    v, scale = seconds * 1000, (like if like is not None else seconds) * 1000
    return f"{v:.0f}" if scale >= 1000 else f"{v:.1f}" if scale >= 100 else f"{v:.2f}"

short = reference if reference == "hello world" else reference.split()[0]
print(f"## {title}\n")
if note:
    print(note + "\n")
if target:
    qr = results[0]
    ratio = qr["mean"] / ref["mean"]
    verdict = "within" if ratio <= float(target) else "above"
    print(f"Target (information, never a failure): `{qr['command']}` ≤ {target} × {short}. "
          f"Measured: {ratio:.2f}×, {verdict} the target.\n")
else:
    print("Target: none set; the ratios are for information.\n")
print(f"| command | mean ms | ± sd ms | min ms | × {short} | exit |")
print("|:--|--:|--:|--:|--:|:--|")
for r in results:
    ratio = "1.00 (reference)" if r is ref else f"{r['mean'] / ref['mean']:.2f}"
    codes = sorted(set(r.get("exit_codes") or []))
    print(f"| `{r['command']}` | {ms(r['mean'])} | {ms(r['stddev'] or 0, r['mean'])} | {ms(r['min'])} "
          f"| {ratio} | {', '.join(map(str, codes))} |")
print()
PY
}

# compare_folder TITLE NOTE RUNS FOLDER [EXTRA]: qr, ZXingReader and zbarimg over every PNG
# under FOLDER in one process each; EXTRA=sequential adds qr's sequential strategy.
compare_folder() {
  local title=$1 note=$2 runs=$3 folder=$4 extra=${5:-}
  local files=() f
  while IFS= read -r f; do files+=("$f"); done < <(pngs_under "$folder")
  ((${#files[@]})) || die "no PNG under $folder"
  local list n=${#files[@]}
  list=$(quote_all "${files[@]}")
  local rows=("qr decode -q FILES ($n)" "$QR decode -q $list")
  [ "$extra" = sequential ] &&
    rows+=("qr decode -q --strategy sequential FILES ($n)" "$QR decode -q --strategy sequential $list")
  rows+=("ZXingReader -format QRCode,MicroQRCode FILES ($n)" "ZXingReader -format QRCode,MicroQRCode $list")
  rows+=("zbarimg -q --raw -Sdisable -Sqrcode.enable FILES ($n)" "zbarimg -q --raw -Sdisable -Sqrcode.enable $list")
  compare "$title" "$note FILES: the $n PNGs under \`$folder\`, all in one process per command." \
    "ZXingReader -format QRCode,MicroQRCode FILES ($n)" "" 1 "$runs" -- "${rows[@]}"
}

# ---- the cached inputs --------------------------------------------------------------
# A statically linked Swift hello world, rebuilt when the compiler changes.
HELLO=$OUT_DIR/hello
swift_version=$(swiftc --version 2>&1 | head -n 1)
if [ ! -x "$HELLO" ] || [ "$(cat "$HELLO.stamp" 2>/dev/null)" != "$swift_version" ]; then
  echo "bench-peers: compiling the hello world (swiftc -O -static-stdlib)" >&2
  printf 'print("Hello, world!")\n' > "$OUT_DIR/hello.swift"
  swiftc -O -static-stdlib "$OUT_DIR/hello.swift" -o "$HELLO" ||
    die "swiftc could not compile $OUT_DIR/hello.swift"
  printf '%s\n' "$swift_version" > "$HELLO.stamp"
fi

# The generated corpus, made once by qr itself.
GEN_DIR=$OUT_DIR/generated-$GEN_COUNT-seed$GEN_SEED
if [ ! -f "$GEN_DIR/.complete" ]; then
  echo "bench-peers: generating $GEN_COUNT pictures into $GEN_DIR" >&2
  rm -rf "$GEN_DIR"
  "$QR" bench --generate "$GEN_DIR" --count "$GEN_COUNT" --seed "$GEN_SEED" > /dev/null ||
    die "$QR bench --generate could not make the corpus"
  touch "$GEN_DIR/.complete"
fi

# ---- the header ---------------------------------------------------------------------
qr_version=$("$QR" --version 2>&1 | head -n 1)
if ldd "$QR" 2> /dev/null | grep -q libswiftCore; then qr_link="Swift runtime linked dynamically"
else qr_link="Swift runtime linked statically"; fi
commit=$(git rev-parse --short HEAD 2> /dev/null || echo "not a git checkout")
if [ -n "$(git status --porcelain --untracked-files=no 2> /dev/null)" ]; then commit+=" with uncommitted changes"; fi
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
mem=$(free -g | awk '/^Mem:/ { print $2 }')
pkg() { dpkg-query -W -f='${Version}' "$1" 2> /dev/null || echo "?"; }
loadavg=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "# qr against its peers, as whole processes"
  echo
  echo "- Date: $(date -u +%F) (UTC)"
  echo "- Machine: $(nproc) cores, ${mem} GiB of memory (\`free -g\`), CPU: ${cpu:-unknown}; load average at the start: $loadavg"
  echo "- qr: \`$QR\`, version $qr_version, $qr_link; source tree at commit $commit"
  echo "- Peers: ZXingReader (zxing-cpp-tools $(pkg zxing-cpp-tools)), zbarimg (zbar-tools $(pkg zbar-tools)), qrencode $(pkg qrencode); the hello world: $swift_version, \`swiftc -O -static-stdlib\`"
  echo "- hyperfine $(pkg hyperfine), \`-N\` (no shell), $WARMUP warm-up run(s), then $RUNS timed runs per single-file command, $FOLDER_RUNS per folder command, $GEN_RUNS over the generated corpus"
  echo
  echo "Times are wall-clock milliseconds per process, start to exit. The ratio column is the row's mean over the mean of the row it names."
  echo "A benchmark, not a test: the targets are information, and no figure fails it."
  echo
} > "$MD_PARTS/0.md"

# ---- the comparisons ----------------------------------------------------------------
compare "Start-up" "" "hello world" 1.5 0 "$RUNS" -- \
  "qr --version" "$QR --version" \
  "hello world" "$HELLO"

compare "One small photo: \`$SMALL_PHOTO\` ($(describe_png "$SMALL_PHOTO"))" "" \
  "ZXingReader -format QRCode $SMALL_PHOTO" 1.0 1 "$RUNS" -- \
  "qr decode $SMALL_PHOTO" "$QR decode $(quote "$SMALL_PHOTO")" \
  "ZXingReader -format QRCode $SMALL_PHOTO" "ZXingReader -format QRCode $(quote "$SMALL_PHOTO")" \
  "zbarimg -q --raw -Sdisable -Sqrcode.enable $SMALL_PHOTO" \
  "zbarimg -q --raw -Sdisable -Sqrcode.enable $(quote "$SMALL_PHOTO")"

read -r w h < <(png_size "$LARGE_PHOTO")
large_note=""
if ((w * h < 2000000 || w * h > 3000000)); then
  large_note="Not 2–3 megapixels, so not the picture the target speaks of: set \`LARGE_PHOTO\` at the top of \`scripts/bench-peers.sh\` to one that is."
fi
compare "One 2–3 MP photo: \`$LARGE_PHOTO\` ($(describe_png "$LARGE_PHOTO"))" "$large_note" \
  "ZXingReader -format QRCode $LARGE_PHOTO" 1.2 1 "$RUNS" -- \
  "qr decode $LARGE_PHOTO" "$QR decode $(quote "$LARGE_PHOTO")" \
  "ZXingReader -format QRCode $LARGE_PHOTO" "ZXingReader -format QRCode $(quote "$LARGE_PHOTO")" \
  "zbarimg -q --raw -Sdisable -Sqrcode.enable $LARGE_PHOTO" \
  "zbarimg -q --raw -Sdisable -Sqrcode.enable $(quote "$LARGE_PHOTO")"

compare "One encode: \`$ENCODE_TEXT\` to PNG" "Both write into \`$OUT_DIR\`." "qrencode -o b.png $ENCODE_TEXT" 2 0 "$RUNS" -- \
  "qr encode $ENCODE_TEXT -o a.png" "$QR encode $ENCODE_TEXT -o $(quote "$OUT_DIR/a.png")" \
  "qrencode -o b.png $ENCODE_TEXT" "qrencode -o $(quote "$OUT_DIR/b.png") $ENCODE_TEXT"

folder_note="qr decodes 2 pictures at a time by default (\`--jobs\` = cores); the peers decode one at a time."
compare_folder "A folder: \`Samples/photos\`" "$folder_note" "$FOLDER_RUNS" Samples/photos

compare_folder "A generated corpus: \`qr bench --generate\`, $GEN_COUNT pictures, seed $GEN_SEED" \
  "$folder_note Made once and kept in \`$GEN_DIR\`." "$GEN_RUNS" "$GEN_DIR" sequential

if [ -d "$PEER_CORPUS" ]; then
  compare_folder "The peer corpus: \`$PEER_CORPUS\`" "$folder_note" "$FOLDER_RUNS" "$PEER_CORPUS"
else
  section=$((section + 1))
  echo "bench-peers: no peer corpus at $PEER_CORPUS; comparison $section skipped" >&2
  printf '## %s. The peer corpus\n\nSkipped: no folder at `%s` (it is there on the dev machines, not in a fresh clone; set PEER_CORPUS).\n\n' \
    "$section" "$PEER_CORPUS" > "$MD_PARTS/$section.md"
fi

# ---- the file -----------------------------------------------------------------------
for i in $(seq 0 "$section"); do cat "$MD_PARTS/$i.md"; done > "$OUT"
rm -rf "$MD_PARTS"
echo "bench-peers: wrote $OUT" >&2
cat "$OUT"
