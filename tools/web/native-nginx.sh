#!/usr/bin/env bash
# Runs the web image's nginx configuration (web/nginx) with a host nginx, no container engine:
# the same files, with the document root, the port and /tmp moved (sed) into a scratch directory.
# For trying the configuration and running web/test/container against it:
#   tools/web/native-nginx.sh web/dist 18080 /tmp/kadr-web-nginx &   # then stop it by its PID
#   KADR_WEB_IMAGE_URL=http://127.0.0.1:18080 npx jest -c web/test/container/jest.config.cjs
# nginx replaces this shell (exec), so $! is nginx's master; SIGTERM/SIGQUIT stop it.
set -euo pipefail

dist="$(cd "${1:?usage: native-nginx.sh DIST_DIR PORT SCRATCH_DIR}" && pwd)"
port="${2:?port}"
scratch="${3:?scratch directory}"
here="$(cd "$(dirname "$0")/../../web/nginx" && pwd)"
mime="${NGINX_MIME_TYPES:-/etc/nginx/mime.types}"

rm -rf "$scratch"
mkdir -p "$scratch/kadr" "$scratch/tmp"
cp "$mime" "$scratch/mime.types"
sed "s#/tmp/#$scratch/tmp/#g" "$here/nginx.conf" >"$scratch/nginx.conf"
sed -e "s#root /usr/share/nginx/html;#root $dist;#" -e "s#listen 8080;#listen 127.0.0.1:$port;#" \
  "$here/web.conf" >"$scratch/kadr/web.conf"
cp "$here/csp.conf" "$here/security-headers.conf" "$scratch/kadr/"
grep -q "root $dist;" "$scratch/kadr/web.conf" && grep -q "listen 127.0.0.1:$port;" "$scratch/kadr/web.conf"
chmod -R a+rX "$scratch"

exec nginx -e stderr -c "$scratch/nginx.conf" -g 'daemon off;'
