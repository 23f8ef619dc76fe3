#!/usr/bin/env bash
# `make deb-check`: installs the package `make deb` built on this machine, uses it as a
# user would (manual page, version, completions, an encode read back, bash's tab
# completion), and removes it again, whatever happened.
# Usage: scripts/deb-check.sh PACKAGE.deb
set -euo pipefail
deb=$1
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
if dpkg-query -W -f='${Status}' qr 2>/dev/null | grep -q "install ok installed"; then
  echo "deb-check: a package qr is installed already; remove it first (dpkg -r qr)" >&2
  exit 1
fi
work=$(mktemp -d)
cleanup() {
  $sudo dpkg -r qr > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deb-check: $*" >&2; exit 1; }

$sudo dpkg -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i $deb failed"; }
echo "deb-check: installed $(dpkg-query -W -f='${Package} ${Version}' qr)"
echo "deb-check: Depends: $(dpkg-query -W -f='${Depends}' qr)"

# Through /usr/bin, not PATH: a qr of `make install` in /usr/local would come first.
qr=/usr/bin/qr
for file in /usr/bin/qr /usr/share/man/man1/qr.1.gz /usr/share/bash-completion/completions/qr \
  /usr/share/zsh/vendor-completions/_qr /usr/share/fish/vendor_completions.d/qr.fish; do
  dpkg -L qr | grep -qx "$file" || fail "the package lacks $file"
  [ -s "$file" ] || fail "$file is missing or empty after dpkg -i"
done
man -aw qr | grep -qx /usr/share/man/man1/qr.1.gz || fail "man -w qr does not find the page: $(man -aw qr 2>&1)"
MANWIDTH=80 man qr 2>/dev/null | grep -q "qr decode" || fail "man qr does not show qr decode"
echo "deb-check: man -w qr: $(man -w qr)"

version=$("$qr" --version) || fail "qr --version failed"
echo "deb-check: qr --version: $version"
"$qr" --help | grep -q "completion" || fail "qr --help does not mention the completions"

"$qr" encode "deb-check $version" -o "$work/x.png" || fail "qr encode failed"
decoded=$("$qr" decode "$work/x.png") || fail "qr decode failed"
[ "$decoded" = "deb-check $version" ] || fail "qr decode read '$decoded'"
echo "deb-check: qr encode TEXT -o x.png && qr decode x.png: $decoded"

# Tab completion as bash does it: the completion function called with the words typed.
# shellcheck disable=SC2016
reply=$(bash --norc --noprofile -c '
  shopt -s extglob
  source /usr/share/bash-completion/completions/qr
  function=$(complete -p qr | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
  COMP_WORDS=(qr decode --str)
  COMP_CWORD=2
  COMP_LINE="qr decode --str"
  COMP_POINT=${#COMP_LINE}
  "$function" qr --str decode
  printf "%s\n" "${COMPREPLY[@]}"
' 2>&1) || fail "bash completion failed: $reply"
echo "$reply" | grep -qx -- "--strategy" || fail "qr decode --str<TAB> gave '$reply', not --strategy"
echo "deb-check: bash: qr decode --str<TAB> gives $(echo "$reply" | paste -sd' ')"
zsh_file=/usr/share/zsh/vendor-completions/_qr
head -n 1 "$zsh_file" | grep -q "^#compdef qr" || fail "$zsh_file does not start with #compdef qr"
grep -q -- "-l 'strategy'" /usr/share/fish/vendor_completions.d/qr.fish || fail "the fish completions lack --strategy"

$sudo dpkg -r qr > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -r qr failed"; }
[ ! -e /usr/bin/qr ] && [ ! -e /usr/share/man/man1/qr.1.gz ] || fail "dpkg -r qr left files behind"
echo "deb-check: removed again; $deb passes"
