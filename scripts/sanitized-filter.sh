#!/usr/bin/env bash
# `make tsan` and `make asan`: the `swift test --filter` pattern that selects every suite and
# every free-standing test tagged `.sanitized` (Tests/QRKitTests/Support/Tags.swift), so
# that a suite is in or out where it is written. `swift test` of Swift 6.3 cannot filter by
# tag itself (`--filter tag:sanitized` comes with swift-testing's ST-0025): this reads the
# tags from the sources, and fails on a tag it cannot turn into a test ID rather than
# leave that test out.
# Usage: scripts/sanitized-filter.sh [TESTS_FOLDER]   (prints the pattern)
set -euo pipefail
folder=${1:-Tests}
pattern=""
failed=0
while read -r file; do
  # The test target is the folder under Tests/; its name starts every test ID.
  target=$(sed -E 's#^(.*/)?Tests/([^/]+)/.*#\2#' <<< "$file")
  ids=$(awk -v target="$target" -v file="$file" '
    # An attribute: collect it up to the declaration it belongs to.
    /^ *@(Suite|Test)([^A-Za-z]|$)/ { attribute = ""; collecting = 1 }
    collecting { attribute = attribute $0 " " }
    collecting && /(struct|class|enum|actor|func) +[A-Za-z_]/ {
      collecting = 0
      if (attribute !~ /\.sanitized([^A-Za-z0-9_]|$)/) next
      if ($0 ~ /^ /) {
        printf "%s:%d: tag the top-level suite, not a declaration inside one\n", file, NR > "/dev/stderr"
        failed = 1
      } else if (match($0, /(struct|class|enum|actor) +[A-Za-z_][A-Za-z0-9_]*/)) {
        n = split(substr($0, RSTART, RLENGTH), words, / +/)
        printf "^%s\\.%s$\n", target, words[n]
      } else if (match($0, /func +[A-Za-z_][A-Za-z0-9_]*/)) {
        n = split(substr($0, RSTART, RLENGTH), words, / +/)
        printf "^%s\\.%s\\(\n", target, words[n]
      }
    }
    END { exit failed }
  ' "$file") || failed=1
  [ -z "$ids" ] || pattern="$pattern${pattern:+$'\n'}$ids"
done < <(find "$folder" -name '*.swift' | sort)
[ "$failed" = 0 ] || exit 1
[ -n "$pattern" ] || { echo "sanitized-filter: no test in $folder is tagged .sanitized" >&2; exit 1; }
paste -sd '|' <<< "$pattern"
