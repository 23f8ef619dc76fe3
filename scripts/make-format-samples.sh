#!/usr/bin/env bash
# Makes the pictures the format tests read, with the libraries' own tools (Debian
# packages libjpeg-turbo-progs, webp, libtiff-tools and netpbm):
#
#   Samples/formats/         three of Samples/photos as JPEG (quality 75, 95, and 85
#                            progressive), WebP (lossy and lossless), TIFF (uncompressed,
#                            LZW, Deflate, and thresholded to 1 bit with CCITT G4) and GIF,
#                            each NAME.VARIANT.EXT beside NAME.VARIANT.txt (the photo's text);
#                            one of them also as interlaced GIF, CMYK TIFF, two-page TIFF
#                            and animated WebP
#   Tests/Fixtures/orientation/   one photo stored in each of the 8 EXIF/TIFF orientations,
#                            as JPEG (turned losslessly by jpegtran, tagged in an EXIF
#                            block) and as G4 TIFF (turned by pamflip, tagged by tiffset)
#   Tests/Fixtures/bombs/    small files that declare 11000 x 11000 pictures (121 megapixels,
#                            over the default limit of 100): a JPEG, a WebP, a TIFF, a GIF
#
# The files are shipped; this script says how they were made and remakes them.
# Run from the package root: scripts/make-format-samples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in cjpeg jpegtran cwebp img2webp tiffcp tiffset pnmtotiffcmyk pngtopam pamtotiff pamtogif pnmquant pamthreshold pamflip pamcut pgmmake pbmmake pnmtopng; do
  command -v "$tool" > /dev/null || { echo "missing $tool: apt-get install libjpeg-turbo-progs webp libtiff-tools netpbm"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

formats=Samples/formats
rm -rf "$formats" && mkdir -p "$formats"
for name in qrcode-2-17 qrcode-3-03 qrcode-2-qr-inv-2; do
  photo=Samples/photos/$name.png
  pngtopam "$photo" > "$work/$name.pnm"
  cjpeg -quality 75 -outfile "$formats/$name.q75.jpg" "$work/$name.pnm"
  cjpeg -quality 95 -outfile "$formats/$name.q95.jpg" "$work/$name.pnm"
  cjpeg -quality 85 -progressive -outfile "$formats/$name.q85-progressive.jpg" "$work/$name.pnm"
  cwebp -quiet -q 80 "$photo" -o "$formats/$name.lossy.webp"
  cwebp -quiet -lossless "$photo" -o "$formats/$name.lossless.webp"
  pamtotiff "$work/$name.pnm" > "$work/$name.tif" 2> /dev/null
  tiffcp -c none "$work/$name.tif" "$formats/$name.uncompressed.tif"
  tiffcp -c lzw "$work/$name.tif" "$formats/$name.lzw.tif"
  tiffcp -c zip "$work/$name.tif" "$formats/$name.deflate.tif"
  pamthreshold "$work/$name.pnm" 2> /dev/null | pamtotiff > "$work/$name.1bit.tif" 2> /dev/null
  tiffcp -c g4 "$work/$name.1bit.tif" "$formats/$name.g4.tif"
  pnmquant 256 "$work/$name.pnm" 2> /dev/null | pamtogif > "$formats/$name.gif" 2> /dev/null
  if [ "$name" = qrcode-3-03 ]; then
    # What else a reader meets: an interlaced GIF, a CMYK TIFF, a TIFF of two pages (the
    # first is read), an animated WebP (its first frame is read; the second is blank).
    pamtogif -interlace "$work/$name.pnm" > "$formats/$name.interlaced.gif" 2> /dev/null
    pnmtotiffcmyk -lzw "$work/$name.pnm" > "$formats/$name.cmyk.tif" 2> /dev/null
    pngtopam Samples/photos/qrcode-2-17.png | pamtotiff > "$work/second.tif" 2> /dev/null
    tiffcp -c lzw "$work/$name.tif" "$work/second.tif" "$formats/$name.two-pages.tif"
    pbmmake -white 159 148 | pnmtopng > "$work/blank.png"
    img2webp -loop 0 -lossy "$photo" -d 500 "$work/blank.png" -o "$formats/$name.animated.webp" > /dev/null
  fi
  for picture in "$formats/$name".*; do
    case "$picture" in *.txt) ;; *) cp "Samples/photos/$name.txt" "${picture%.*}.txt" ;; esac
  done
done

# Orientation: the upright picture U, stored as T⁻¹(U) and tagged T, must read as U.
orientation=Tests/Fixtures/orientation
rm -rf "$orientation" && mkdir -p "$orientation"
# Sides that are multiples of 8, so that jpegtran turns a gray JPEG without losing an edge.
pngtopam Samples/photos/qrcode-2-qr-inv-2.png | pamcut -width 200 -height 176 > "$work/upright.pnm"
cjpeg -grayscale -quality 90 -outfile "$work/upright.jpg" "$work/upright.pnm"
pamthreshold "$work/upright.pnm" 2> /dev/null > "$work/upright.pbm"
jpegtran_op=("" "-flip horizontal" "-rotate 180" "-flip vertical" "-transpose" "-rotate 270" "-transverse" "-rotate 90")
pamflip_op=("-null" "-leftright" "-rotate180" "-topbottom" "-transpose" "-ccw" "-xform=transpose,leftright,topbottom" "-cw")
for tag in 1 2 3 4 5 6 7 8; do
  # shellcheck disable=SC2086
  jpegtran -perfect -copy none ${jpegtran_op[$((tag - 1))]} "$work/upright.jpg" > "$work/turned.jpg"
  # An EXIF APP1 segment right after SOI: "Exif\0\0", a big-endian TIFF header, and
  # IFD0 with one entry, Orientation (274) = tag.
  { head -c 2 "$work/turned.jpg"
    printf '\xff\xe1\x00\x22Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00'
    printf "\\x0$tag"
    printf '\x00\x00\x00\x00\x00\x00'
    tail -c +3 "$work/turned.jpg"; } > "$orientation/orientation-$tag.jpg"
  pamflip ${pamflip_op[$((tag - 1))]} "$work/upright.pbm" | pamtotiff > "$work/turned.tif" 2> /dev/null
  tiffcp -c g4 "$work/turned.tif" "$orientation/orientation-$tag.tif"
  tiffset -s 274 "$tag" "$orientation/orientation-$tag.tif"
done

# Bombs: tiny files of a picture past the default pixel limit. Arithmetic coding packs
# 121 megapixels of black JPEG into about a hundred bytes.
bombs=Tests/Fixtures/bombs
rm -rf "$bombs" && mkdir -p "$bombs"
pgmmake 0 11000 11000 | cjpeg -grayscale -arithmetic > "$bombs/bomb.jpg"
pgmmake 0 11000 11000 | pnmtopng > "$work/bomb.png"
cwebp -quiet -lossless "$work/bomb.png" -o "$bombs/bomb.webp"
pbmmake -white 11000 11000 | pamtotiff -g4 > "$bombs/bomb.tif" 2> /dev/null
pbmmake -white 11000 11000 | pamtogif > "$bombs/bomb.gif" 2> /dev/null
ls -l "$formats" "$orientation" "$bombs"
