#!/usr/bin/env bash
# `make man`: qr's manual page, made from its ArgumentParser commands by
# swift-argument-parser's generate-manual plugin from the debug build (the page is the
# same for any build), then checked: help texts ASCII, `man -l` without a warning, every
# subcommand of `qr --help` in the page.
# Usage: scripts/man.sh OUTPUT.1   (SWIFT names the swift driver, `swift` by default)
set -euo pipefail
page_file=$1
swift=${SWIFT:-swift}
qr=.build/debug/qr

"$swift" package plugin generate-manual --configuration debug
# The generator drops every character that is not ASCII, so the help texts are kept ASCII.
if "$qr" --experimental-dump-help | grep -oP '.{0,40}[^\x00-\x7F]+'; then
  echo "man: the help texts above are not ASCII, and the manual generator drops those characters"
  exit 1
fi
mkdir -p "$(dirname "$page_file")"
# A blank line of a help text becomes .Pp, as mdoc wants.
sed 's/^$/.Pp/' .build/plugins/GenerateManual/outputs/qr/qr.1 > "$page_file"
warnings=$(MANWIDTH=80 man -l "$page_file" 2>&1 > /dev/null) || true
if [ -n "$warnings" ]; then
  echo "$warnings"
  echo "man: $page_file has warnings"
  exit 1
fi
subcommands=$("$qr" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ { print $1 }')
page=$(MANWIDTH=80 man -l "$page_file" 2> /dev/null) || true
for command in $subcommands; do
  grep -qE "^ +$command( |$)" <<< "$page" || { echo "man: $page_file lacks qr $command"; exit 1; }
done
echo "man: $page_file, with qr" $subcommands "(man -l $page_file)"
