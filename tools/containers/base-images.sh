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
if [ -z "${DOCKER_HOST:-}" ] && [ -f "$REPO_ROOT/.infra/docker/env.sh" ]; then
  # shellcheck disable=SC1091
  . "$REPO_ROOT/.infra/docker/env.sh"
fi
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-1}"
"$DOCKER" info >/dev/null 2>&1 ||
  die "no engine at DOCKER_HOST=${DOCKER_HOST:-<unset>}; run: bash tools/containers/engine.sh up && source .infra/docker/env.sh"

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

# What debian:bookworm-slim adds on top of a plain debootstrap (debuerreotype
# "slimify" + the docker apt configs): no docs/man/locales, no apt caches,
# and no service starts during `apt-get install`.
slimify() {
  local root=$1
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# as debian:*-slim (debuerreotype slimify)
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
EOF
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
  echo 'Acquire::GzipIndexes "true";' >"$root/etc/apt/apt.conf.d/docker-gzip-indexes"
  printf 'APT::AutoRemove::SuggestsImportant "false";\n' >"$root/etc/apt/apt.conf.d/docker-autoremove-suggests"
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 0755 "$root/usr/sbin/policy-rc.d"
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
  rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/groff/* "$root"/usr/share/lintian/overrides/*
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} + 2>/dev/null || true
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/*
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
  # Same script as the official image (docker-library/node docker-entrypoint.sh).
  cat >"$ctx/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

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
  # As the official image's nginx.conf, plus the official image's compiled-in
  # temp paths (Debian's binary defaults to /var/lib/nginx/*).
  cat >"$ctx/nginx.conf" <<'EOF'

user  nginx;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /run/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    # kadr substitute: the official binary's compiled-in temp paths
    client_body_temp_path /var/cache/nginx/client_temp;
    proxy_temp_path       /var/cache/nginx/proxy_temp;
    fastcgi_temp_path     /var/cache/nginx/fastcgi_temp;
    uwsgi_temp_path       /var/cache/nginx/uwsgi_temp;
    scgi_temp_path        /var/cache/nginx/scgi_temp;

    sendfile        on;
    #tcp_nopush     on;

    keepalive_timeout  65;

    #gzip  on;

    include /etc/nginx/conf.d/*.conf;
}
EOF
  cat >"$ctx/default.conf" <<'EOF'
server {
    listen       80;
    server_name  localhost;

    #access_log  /var/log/nginx/host.access.log  main;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    #error_page  404              /404.html;

    # redirect server error pages to the static page /50x.html
    #
    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }
}
EOF
  cat >"$ctx/html/index.html" <<'EOF'
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>Local substitute of the official nginx image (Debian nginx-light).</p>
</body>
</html>
EOF
  cat >"$ctx/html/50x.html" <<'EOF'
<!DOCTYPE html>
<html>
<head>
<title>Error</title>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
</body>
</html>
EOF
  # Same logic as the official image's /docker-entrypoint.sh.
  cat >"$ctx/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# vim:sw=4:ts=4:et

set -e

entrypoint_log() {
    if [ -z "${NGINX_ENTRYPOINT_QUIET_LOGS:-}" ]; then
        echo "$@"
    fi
}

if [ "$1" = "nginx" ] || [ "$1" = "nginx-debug" ]; then
    if /usr/bin/find "/docker-entrypoint.d/" -mindepth 1 -maxdepth 1 -type f -print -quit 2>/dev/null | read v; then
        entrypoint_log "$0: /docker-entrypoint.d/ is not empty, will attempt to perform configuration"

        entrypoint_log "$0: Looking for shell scripts in /docker-entrypoint.d/"
        find "/docker-entrypoint.d/" -follow -type f -print | sort -V | while read -r f; do
            case "$f" in
                *.envsh)
                    if [ -x "$f" ]; then
                        entrypoint_log "$0: Sourcing $f";
                        . "$f"
                    else
                        # warn on shell scripts without exec bit
                        entrypoint_log "$0: Ignoring $f, not executable";
                    fi
                    ;;
                *.sh)
                    if [ -x "$f" ]; then
                        entrypoint_log "$0: Launching $f";
                        "$f"
                    else
                        # warn on shell scripts without exec bit
                        entrypoint_log "$0: Ignoring $f, not executable";
                    fi
                    ;;
                *) entrypoint_log "$0: Ignoring $f";;
            esac
        done

        entrypoint_log "$0: Configuration complete; ready for start up"
    else
        entrypoint_log "$0: No files found in /docker-entrypoint.d/, skipping configuration"
    fi
fi

exec "$@"
EOF
  # The official 20-envsubst-on-templates.sh, same variables and behaviour:
  # /etc/nginx/templates/*.template -> /etc/nginx/conf.d/* with envsubst,
  # substituting only variables defined in the environment.
  cat >"$ctx/docker-entrypoint.d/20-envsubst-on-templates.sh" <<'EOF'
#!/bin/sh

set -e

ME=$(basename "$0")

entrypoint_log() {
    if [ -z "${NGINX_ENTRYPOINT_QUIET_LOGS:-}" ]; then
        echo "$@"
    fi
}

add_stream_block() {
  local conffile="/etc/nginx/nginx.conf"

  if grep -q -E "\s*stream\s*\{" "$conffile"; then
    entrypoint_log "$ME: $conffile contains a stream block; include $stream_output_dir/*.conf to enable stream templates"
  else
    # check if the file can be modified, e.g. not on a r/o filesystem
    touch "$conffile" 2>/dev/null || { entrypoint_log "$ME: info: can not modify $conffile (read-only file system?)"; exit 0; }
    entrypoint_log "$ME: Appending stream block to $conffile to include $stream_output_dir/*.conf"
    cat << END >> "$conffile"
# added by "$ME" on "$(date)"
stream {
  include $stream_output_dir/*.conf;
}
END
  fi
}

auto_envsubst() {
  local template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
  local suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
  local output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
  local stream_suffix="${NGINX_ENVSUBST_STREAM_TEMPLATE_SUFFIX:-.stream-template}"
  local stream_output_dir="${NGINX_ENVSUBST_STREAM_OUTPUT_DIR:-/etc/nginx/stream-conf.d}"
  local filter="${NGINX_ENVSUBST_FILTER:-}"

  local template defined_envs relative_path output_path subdir
  defined_envs=$(printf '${%s} ' $(awk "END { for (name in ENVIRON) { print ( name ~ /${filter}/ ) ? name : \"\" } }" < /dev/null ))
  [ -d "$template_dir" ] || return 0
  if [ ! -w "$output_dir" ]; then
    entrypoint_log "$ME: ERROR: $template_dir exists, but $output_dir is not writable"
    return 0
  fi
  find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
    relative_path="${template#"$template_dir/"}"
    output_path="$output_dir/${relative_path%"$suffix"}"
    subdir=$(dirname "$relative_path")
    # create a subdirectory where the template file exists
    mkdir -p "$output_dir/$subdir"
    entrypoint_log "$ME: Running envsubst on $template to $output_path"
    envsubst "$defined_envs" < "$template" > "$output_path"
  done

  # Print the first file with the stream suffix, this will be false if there are none
  if test -n "$(find "$template_dir" -name "*$stream_suffix" -print -quit)"; then
    mkdir -p "$stream_output_dir"
    if [ ! -w "$stream_output_dir" ]; then
      entrypoint_log "$ME: ERROR: $template_dir exists, but $stream_output_dir is not writable"
      return 0
    fi
    add_stream_block
    find "$template_dir" -follow -type f -name "*$stream_suffix" -print | while read -r template; do
      relative_path="${template#"$template_dir/"}"
      output_path="$stream_output_dir/${relative_path%"$stream_suffix"}"
      subdir=$(dirname "$relative_path")
      # create a subdirectory where the template file exists
      mkdir -p "$stream_output_dir/$subdir"
      entrypoint_log "$ME: Running envsubst on $template to $output_path"
      envsubst "$defined_envs" < "$template" > "$output_path"
    done
  fi
}

auto_envsubst

exit 0
EOF
  chmod 0755 "$ctx/docker-entrypoint.sh" "$ctx/docker-entrypoint.d/"*.sh
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
COPY docker-entrypoint.d/ /docker-entrypoint.d/
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
