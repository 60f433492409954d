#!/bin/sh
# Precompresses the built web app for nginx's gzip_static: a .gz next to every text file, the
# original kept (-k) for clients without gzip. gzip -9 once at build time costs nothing per request.
# No brotli: neither the official nginx image nor Debian's nginx has the brotli module.
# Also drops Vite's build manifest (.vite/), which only the bundle-size check reads.
set -eu
dist="${1:?usage: precompress.sh DIST_DIR}"
rm -rf "$dist/.vite"
find "$dist" -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' \
  -o -name '*.webmanifest' -o -name '*.txt' \) -exec gzip -k -9 -n -f {} +
