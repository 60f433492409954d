#!/usr/bin/env bash
# Local substitutes of the official base images, under their exact official
# tags, built with no registry (see tools/containers/BASE-IMAGES.md):
#
#   node:20.20.2-bookworm-slim  Debian bookworm minbase + the host's Node 20.20.2
#                               + npm 10.8.2 (the npm bundled with Node 20.20.2)
#   nginx:1.28.0-bookworm       Debian bookworm minbase + Debian's nginx-light,
#                               laid out like the official nginx image
#
# Usage (engine from tools/containers/engine.sh, env sourced):
#   bash tools/containers/base-images.sh [--force] [node] [nginx]
# Default: both images. An image that already exists in the engine is skipped
# unless --force. The debootstrap rootfs tarball and the npm tarball are cached
# under ${KADR_INFRA_CACHE:-~/.cache/kadr-infra}/bases/ (delete to rebuild).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_ROOT="${KADR_INFRA_CACHE:-$HOME/.cache/kadr-infra}"
BASES="$CACHE_ROOT/bases"
SUITE=bookworm
ARCH="$(dpkg --print-architecture)"
ROOTFS_TAR="$BASES/debian-$SUITE-minbase-$ARCH.tar"
# Helper image every substitute is built FROM (not an official tag on purpose:
# minbase is close to, but not the same as, debian:bookworm-slim).
DEBIAN_TAG="kadr-local/debian-minbase:$SUITE"

NODE_TAG="node:20.20.2-bookworm-slim"
NODE_VERSION="20.20.2"
NPM_VERSION="${KADR_NPM_VERSION:-10.8.2}" # bundled with Node 20.20.2 (CHANGELOG_V20)
NODE_BIN="${KADR_NODE_BIN:-$(command -v node)}"
NGINX_TAG="nginx:1.28.0-bookworm"

PATH_DEFAULT="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

log() { printf '[base-images] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

# Prefer the engine's own client (docker 20.10, BuildKit built in); a newer
# CLI without the buildx plugin refuses DOCKER_BUILDKIT=1 builds.
if [ -z "${DOCKER:-}" ]; then
  if [ -x /usr/bin/docker ]; then DOCKER=/usr/bin/docker; else DOCKER="$(command -v docker)"; fi
fi
if [ -z "${DOCKER_HOST:-}" ] && [ -f "$REPO_ROOT/.docker-engine/env.sh" ]; then
  # shellcheck disable=SC1091
  . "$REPO_ROOT/.docker-engine/env.sh"
fi
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-1}"
"$DOCKER" info >/dev/null 2>&1 ||
  die "no engine at DOCKER_HOST=${DOCKER_HOST:-<unset>}; run: bash tools/containers/engine.sh up && source .docker-engine/env.sh"

FORCE=0
WANT=()
for a in "$@"; do
  case "$a" in
  --force) FORCE=1 ;;
  node | nginx) WANT+=("$a") ;;
  -h | --help)
    sed -n '2,16p' "$0"
    exit 0
    ;;
  *) die "unknown argument: $a (expected --force, node, nginx)" ;;
  esac
done
[ "${#WANT[@]}" -gt 0 ] || WANT=(node nginx)

T_ALL=$SECONDS
step_t0=0
step_begin() {
  step_t0=$SECONDS
  log "$* ..."
}
step_end() { log "$* done in $((SECONDS - step_t0)) s"; }

have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/kadr-base-images.XXXXXX")"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

# --------------------------------------------------------------------------
# Debian minbase rootfs (cached tarball) -> $DEBIAN_TAG
# --------------------------------------------------------------------------
host_mirror() {
  if [ -n "${KADR_DEBIAN_MIRROR:-}" ]; then
    echo "$KADR_DEBIAN_MIRROR"
    return
  fi
  local m=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    m="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
  fi
  if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
    m="$(awk '$1 == "deb" && $0 !~ /security/ {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' /etc/apt/sources.list)"
  fi
  echo "${m:-http://deb.debian.org/debian}"
}

# The host's apt sources (only files whose keyrings exist in the rootfs) and
# the host's apt date checks, so `apt-get update` inside builds behaves as on
# the host (with --network host).
copy_apt_config() {
  local root=$1 f k ok
  rm -f "$root/etc/apt/sources.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    ok=1
    # shellcheck disable=SC2013 # keyring paths contain no spaces
    for k in $(grep -oE '(Signed-By:|signed-by=)[[:space:]]*[^][:space:]]+' "$f" | sed -E 's/^(Signed-By:|signed-by=)[[:space:]]*//' | sort -u); do
      [ -e "$root$k" ] || ok=0
    done
    if [ "$ok" -eq 1 ]; then
      cp "$f" "$root$f"
    else
      log "not copying $f into the rootfs (its keyring is not in the rootfs)"
    fi
  done
  # Release-file date checks: same as the host (snapshot mirrors need them off).
  apt-config dump | grep -E '^Acquire::Check-(Valid-Until|Date) ' >"$root/etc/apt/apt.conf.d/99kadr-host-date-checks" || true
  [ -s "$root/etc/apt/apt.conf.d/99kadr-host-date-checks" ] || rm -f "$root/etc/apt/apt.conf.d/99kadr-host-date-checks"
}

# A smaller, quieter rootfs, as a -slim image is: packages installed later skip docs, manuals
# and translations; apt keeps no package caches; no service starts during `apt-get install`
# (nginx-light would try to). Our own minimal settings, not a copy of any image's scripts.
slimify() {
  local root=$1
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
    'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' \
    'path-exclude /usr/share/locale/*' 'path-include /usr/share/locale/locale.alias' \
    >"$root/etc/dpkg/dpkg.cfg.d/kadr-slim"
  printf '%s\n' 'APT::Keep-Downloaded-Packages "false";' 'Dir::Cache::pkgcache "";' \
    'Dir::Cache::srcpkgcache "";' 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/kadr-slim"
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 0755 "$root/usr/sbin/policy-rc.d"
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} + 2>/dev/null || true
  rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/cache/apt/archives/*.deb \
    "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/*
  rm -f "$root"/var/log/*.log "$root"/var/log/apt/* "$root/etc/hostname" "$root/etc/resolv.conf"
  : >"$root/etc/machine-id" 2>/dev/null || true
}

make_rootfs_tar() {
  [ -s "$ROOTFS_TAR" ] && return 0
  command -v debootstrap >/dev/null 2>&1 || die "debootstrap missing (engine.sh up installs it)"
  local mirror dir
  mirror="$(host_mirror)"
  mkdir -p "$BASES"
  dir="$BASES/rootfs.tmp.$$"
  rm -rf "$dir"
  step_begin "debootstrap --variant=minbase $SUITE from $mirror"
  if ! debootstrap --variant=minbase --arch="$ARCH" "$SUITE" "$dir" "$mirror" >"$WORK/debootstrap.log" 2>&1; then
    tail -n 30 "$WORK/debootstrap.log" >&2
    rm -rf "$dir"
    die "debootstrap failed"
  fi
  copy_apt_config "$dir"
  slimify "$dir"
  tar --numeric-owner --xattrs -C "$dir" -cf "$ROOTFS_TAR.tmp" .
  mv "$ROOTFS_TAR.tmp" "$ROOTFS_TAR"
  rm -rf "$dir"
  step_end "rootfs $ROOTFS_TAR ($(du -h "$ROOTFS_TAR" | cut -f1))"
}

ensure_debian() {
  have_image "$DEBIAN_TAG" && return 0
  make_rootfs_tar
  step_begin "docker import -> $DEBIAN_TAG"
  "$DOCKER" import \
    --change "ENV PATH=$PATH_DEFAULT" \
    --change 'CMD ["bash"]' \
    --message "debootstrap --variant=minbase $SUITE (tools/containers/base-images.sh)" \
    "$ROOTFS_TAR" "$DEBIAN_TAG" >/dev/null
  step_end "import"
}

build() { # tag context-dir
  "$DOCKER" build --network host --pull=false -t "$1" "$2" >"$WORK/build.log" 2>&1 || {
    tail -n 40 "$WORK/build.log" >&2
    die "docker build $1 failed"
  }
}

# --------------------------------------------------------------------------
# node:20.20.2-bookworm-slim
# --------------------------------------------------------------------------
build_node() {
  local v ctx="$WORK/node"
  v="$("$NODE_BIN" --version)"
  [ "$v" = "v$NODE_VERSION" ] || die "host node $NODE_BIN is $v, need v$NODE_VERSION (set KADR_NODE_BIN)"
  local npm_tgz="$BASES/npm-$NPM_VERSION.tgz"
  if [ ! -s "$npm_tgz" ]; then
    step_begin "npm pack npm@$NPM_VERSION (the npm of Node $NODE_VERSION)"
    mkdir -p "$BASES"
    (cd "$WORK" && npm pack "npm@$NPM_VERSION" --silent >/dev/null) || die "npm pack npm@$NPM_VERSION failed"
    mv "$WORK/npm-$NPM_VERSION.tgz" "$npm_tgz"
    step_end "npm tarball"
  fi
  step_begin "docker build $NODE_TAG"
  mkdir -p "$ctx/npm" "$ctx/include"
  cp "$NODE_BIN" "$ctx/node"
  tar -xzf "$npm_tgz" -C "$ctx/npm" --strip-components=1
  # corepack ships with Node 20 too (official image: /usr/local/bin/corepack).
  local node_prefix
  node_prefix="$(dirname "$(dirname "$(readlink -f "$NODE_BIN")")")"
  if [ -d "$node_prefix/lib/node_modules/corepack" ]; then
    cp -a "$node_prefix/lib/node_modules/corepack" "$ctx/corepack"
  else
    mkdir -p "$ctx/corepack"
  fi
  # Headers for node-gyp, where the official image has them.
  if [ -d "$node_prefix/include/node" ]; then cp -a "$node_prefix/include/node/." "$ctx/include/"; fi
  # The official image's entrypoint interface, in our own words: a first argument that is an option
  # (`-e …`) or not a command on PATH is run with node; anything else is executed as it is.
  cat >"$ctx/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
case "$1" in
  -*) set -- node "$@" ;;
  *) if ! command -v "$1" >/dev/null 2>&1; then set -- node "$@"; fi ;;
esac
exec "$@"
EOF
  chmod 0755 "$ctx/docker-entrypoint.sh"
  # This workplace reaches the npm registry through an egress proxy whose CA the host trusts by
  # NODE_EXTRA_CA_CERTS; npm inside a build needs it too. Only the substitute carries it (the official
  # image does not, and needs not where the registry is reached directly); the Dockerfiles stay as they are.
  local extra_ca=''
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "${NODE_EXTRA_CA_CERTS}" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$ctx/host-extra-ca.crt"
    extra_ca='COPY host-extra-ca.crt /usr/local/share/ca-certificates/kadr-host-extra-ca.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/kadr-host-extra-ca.crt'
  fi
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.opencontainers.image.description="kadr local substitute of $NODE_TAG (tools/containers/base-images.sh)" \\
      kadr.local-substitute="true"
RUN groupadd --gid 1000 node \\
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=$NODE_VERSION
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY corepack /usr/local/lib/node_modules/corepack
COPY include /usr/local/include/node
RUN set -e \\
  && ln -s node /usr/local/bin/nodejs \\
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
  && if [ -f /usr/local/lib/node_modules/corepack/dist/corepack.js ]; then \\
       ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack; fi \\
  && node --version && npm --version
COPY docker-entrypoint.sh /usr/local/bin/
$extra_ca
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
EOF
  build "$NODE_TAG" "$ctx"
  step_end "$NODE_TAG"
}

# --------------------------------------------------------------------------
# nginx:1.28.0-bookworm
# --------------------------------------------------------------------------
build_nginx() {
  local ctx="$WORK/nginx"
  step_begin "docker build $NGINX_TAG (apt-get install nginx-light)"
  mkdir -p "$ctx/docker-entrypoint.d" "$ctx/html"
  # Our own minimal configuration with the official image's layout: user nginx, conf.d included,
  # logs to the linked stdout/stderr files, and the official binary's compiled-in temp paths under
  # /var/cache/nginx (Debian's binary would default to /var/lib/nginx/*).
  cat >"$ctx/nginx.conf" <<'EOF'
user nginx;
worker_processes auto;
error_log /var/log/nginx/error.log notice;
pid /run/nginx.pid;

events {
  worker_connections 1024;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log /var/log/nginx/access.log;
  client_body_temp_path /var/cache/nginx/client_temp;
  proxy_temp_path /var/cache/nginx/proxy_temp;
  fastcgi_temp_path /var/cache/nginx/fastcgi_temp;
  uwsgi_temp_path /var/cache/nginx/uwsgi_temp;
  scgi_temp_path /var/cache/nginx/scgi_temp;
  sendfile on;
  keepalive_timeout 65;
  include /etc/nginx/conf.d/*.conf;
}
EOF
  cat >"$ctx/default.conf" <<'EOF'
server {
  listen 80;
  server_name localhost;
  root /usr/share/nginx/html;
  index index.html;
}
EOF
  cat >"$ctx/html/index.html" <<'EOF'
<!DOCTYPE html>
<html><head><title>nginx</title></head>
<body><p>Local substitute of the official nginx image (Debian nginx-light).</p></body></html>
EOF
  # The official entrypoint's interface, in our own few lines: run the executable *.sh files of
  # /docker-entrypoint.d in order when the command is nginx, then exec the command. The official
  # scripts themselves (envsubst templates, IPv6 listen, resolvers, worker tuning) are not
  # reproduced; Kadr's web image bypasses the entrypoint (BASE-IMAGES.md).
  cat >"$ctx/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = nginx ] || [ "$1" = nginx-debug ]; then
  for script in $(find /docker-entrypoint.d -mindepth 1 -maxdepth 1 -type f -name '*.sh' | sort); do
    if [ -x "$script" ]; then
      echo "$0: running $script" >&2
      "$script"
    fi
  done
fi
exec "$@"
EOF
  chmod 0755 "$ctx/docker-entrypoint.sh"
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.opencontainers.image.description="kadr local substitute of $NGINX_TAG (tools/containers/base-images.sh): Debian nginx-light" \\
      kadr.local-substitute="true"
# uid/gid 101 as the official image, created before any package can take them
RUN groupadd --system --gid 101 nginx \\
  && useradd --system --gid nginx --no-create-home --home /nonexistent \\
       --comment "nginx user" --shell /bin/false --uid 101 nginx
RUN apt-get update \\
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light gettext-base \\
  && rm -rf /var/lib/apt/lists/* \\
  && rm -rf /etc/nginx/sites-available /etc/nginx/sites-enabled /var/www \\
       /etc/nginx/conf.d/* /usr/share/nginx/html/* \\
  && { [ -e /etc/nginx/modules ] || ln -s /usr/lib/nginx/modules /etc/nginx/modules; } \\
  && mkdir -p /var/cache/nginx /var/log/nginx /docker-entrypoint.d /usr/share/nginx/html \\
  && ln -sf /dev/stdout /var/log/nginx/access.log \\
  && ln -sf /dev/stderr /var/log/nginx/error.log \\
  && nginx -V
COPY nginx.conf /etc/nginx/nginx.conf
COPY default.conf /etc/nginx/conf.d/default.conf
COPY html/ /usr/share/nginx/html/
COPY docker-entrypoint.sh /
RUN nginx -t
ENTRYPOINT ["/docker-entrypoint.sh"]
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
EOF
  build "$NGINX_TAG" "$ctx"
  step_end "$NGINX_TAG"
}

for w in "${WANT[@]}"; do
  case "$w" in
  node) tag=$NODE_TAG ;;
  nginx) tag=$NGINX_TAG ;;
  esac
  if [ "$FORCE" -eq 0 ] && have_image "$tag"; then
    log "$tag exists, skipped"
    continue
  fi
  ensure_debian
  "build_$w"
done
log "total $((SECONDS - T_ALL)) s"
"$DOCKER" image ls --format '{{.Repository}}:{{.Tag}}\t{{.ID}}\t{{.Size}}' |
  grep -E "^(${NODE_TAG%%:*}:${NODE_TAG#*:}|${NGINX_TAG%%:*}:${NGINX_TAG#*:}|${DEBIAN_TAG%%:*}:${DEBIAN_TAG#*:})[[:space:]]" >&2 || true
