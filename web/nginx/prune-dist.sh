#!/bin/sh
# Readies the built web app for nginx. The web build already wrote a .gz (gzip -9) and a .br
# (brotli 11) next to every text file (web/scripts/precompress.ts); gzip_static serves the .gz.
# The .br files go: neither the official nginx image nor Debian's nginx has the brotli module
# (tools/containers/BASE-IMAGES.md), so nginx could never send them. Vite's build manifest (.vite/)
# goes too: only the bundle-size check reads it.
set -eu
dist="${1:?usage: prune-dist.sh DIST_DIR}"
rm -rf "$dist/.vite"
find "$dist" -type f -name '*.br' -exec rm -f {} +
# A build without its .gz files (the Vite plugin gone) would still be served, just uncompressed
# from disk: refuse it here rather than find out from a slow page.
find "$dist/assets" -type f -name '*.js.gz' | grep -q . || {
  echo "prune-dist.sh: no precompressed .js.gz under $dist/assets (web/scripts/precompress.ts)" >&2
  exit 1
}
