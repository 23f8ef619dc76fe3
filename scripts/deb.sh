#!/usr/bin/env bash
# `make deb`: a Debian package of qr from the files `make install` puts under /usr,
# with dpkg-deb alone, so that no debhelper is needed.
# Usage: scripts/deb.sh DIR (QR, MAKE and DLOPENED come from the Makefile).
set -euo pipefail
dir=$1
qr=${QR:-.build/release/qr}
version=$("$qr" --version)
arch=$(dpkg --print-architecture)
root="$dir/root"
deb="$dir/qr_${version}_${arch}.deb"

rm -rf "$root" && mkdir -p "$root/DEBIAN"
# Debian's zsh looks in vendor-completions, not in PREFIX's site-functions.
"${MAKE:-make}" --no-print-directory install-files DESTDIR="$(pwd)/$root" PREFIX=/usr \
  ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions

# The libraries the binary names (NEEDED), by dpkg-shlibdeps from the installed packages'
# shlibs and symbols files; it wants a debian/control to read, which nothing else uses.
mkdir -p "$dir/debian"
printf 'Source: qr\n\nPackage: qr\nArchitecture: any\n' > "$dir/debian/control"
linked=$(cd "$dir" && dpkg-shlibdeps -O -e "root/usr/bin/qr" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')

# The libraries qr opens with dlopen have no NEEDED entry: their packages come from the
# package that holds each one's file, and the dependency from that package's shlibs line.
opened=()
for soname in ${DLOPENED:-}; do
  if ! grep -qaF "$soname" "$qr"; then
    echo "deb: $qr no longer names $soname; update DLOPENED in the Makefile" >&2
    exit 1
  fi
  # No reader in these pipelines stops early: under pipefail, a writer cut off by
  # SIGPIPE would fail the script.
  cache=$(ldconfig -p)
  path=$(awk -v name="$soname" '$1 == name && /x86-64|aarch64|64bit/ && !found { print $NF; found = 1 }' <<<"$cache")
  [ -n "$path" ] || path=$(awk -v name="$soname" '$1 == name && !found { print $NF; found = 1 }' <<<"$cache")
  [ -n "$path" ] || { echo "deb: $soname is not installed (make deps)" >&2; exit 1; }
  package=$(dpkg -S "$(readlink -f "$path")" | sed -n '1s/:.*//p')
  library=${soname%%.so.*}
  major=${soname##*.so.}
  shlibs=$(cat /var/lib/dpkg/info/"$package".shlibs /var/lib/dpkg/info/"$package":*.shlibs 2>/dev/null || true)
  dependency=$(awk -v l="$library" -v m="$major" '$1 == l && $2 == m { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' <<<"$shlibs")
  opened+=("${dependency:-$package}")
done
depends=$( (echo "$linked"; printf '%s\n' "${opened[@]}") | sed '/^$/d' | paste -sd, | sed 's/,\([^ ]\)/, \1/g')

# The maintainer: DEB_MAINTAINER, else the author of the commit built.
maintainer=${DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "QRKit maintainers")}
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: qr
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: make QR codes and read them back from pictures
 qr encodes text or bytes as QR codes (PNG, SVG, PDF, EPS, terminal) with
 libqrencode, and reads codes from PNG, JPEG, WebP, TIFF and GIF pictures with
 zbar and zxing-cpp racing each other. Its manual page and bash, zsh and fish
 completions come with it.
EOF
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k 2) > "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "deb: $deb ($(du -k "$deb" | cut -f1) KB)"
echo "Depends: $depends"
