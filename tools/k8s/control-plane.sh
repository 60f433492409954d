#!/usr/bin/env bash
# A real Kubernetes control plane on 127.0.0.1, for server-side checks of
# charts and manifests (kubectl apply --dry-run=server, helm install --wait).
#
#   control-plane.sh build    build (once, cached) kube-apiserver,
#                             kube-controller-manager, kube-scheduler, kubectl
#                             and etcd
#   control-plane.sh up       start etcd, the three control-plane components
#                             and kwok, create fake Nodes, wait until Ready
#   control-plane.sh down     stop every process `up` started, by PID; remove
#                             the state folder
#   control-plane.sh status   say whether it is up, and each process
#   control-plane.sh env      print the `export …` lines for a running one
#
# See tools/k8s/README.md for versions, ports, the cache layout and timings.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# State of one running control plane: PIDs, logs, keys, kubeconfigs, etcd data.
# Must be git-ignored (/.k8s/ at the repo root by default).
STATE="${KADR_K8S_STATE:-$KADR_REPO_ROOT/.k8s}"

# Fixed high ports on 127.0.0.1 (override with the environment). Fixed rather
# than random so logs and kubeconfigs are predictable; `up` refuses to start
# when one is taken.
PORT_ETCD_CLIENT="${KADR_K8S_ETCD_PORT:-36379}"
PORT_ETCD_PEER="${KADR_K8S_ETCD_PEER_PORT:-36380}"
PORT_APISERVER="${KADR_K8S_APISERVER_PORT:-36443}"
PORT_KCM="${KADR_K8S_CONTROLLER_MANAGER_PORT:-36257}"
PORT_SCHEDULER="${KADR_K8S_SCHEDULER_PORT:-36259}"
# kwok opens no port: it serves nothing unless given --server-address.

# How many fake Nodes kwok manages.
NODE_COUNT="${KADR_K8S_NODES:-3}"

# Which etcd: "built" (default) is etcd 3.6.4, the version k8s.io/kubernetes
# v1.34 pins, built in the same `go build` as the control plane. "system" is
# Debian's etcd-server 3.4.23 (apt-get installed if missing): it works, but it
# lacks the watch progress requests the apiserver needs for streaming
# list-watch ("required storage feature RequestWatchProgress is disabled"),
# and kwok 0.8 (client-go 0.36) keeps hitting that: its watches end with that
# error and restart, so pods turn Ready 5-10 s late instead of at once.
ETCD_FLAVOUR="${KADR_K8S_ETCD:-built}"

# The order processes are started in; `down` stops them in reverse.
COMPONENTS=(etcd kube-apiserver kube-controller-manager kube-scheduler kwok)

STOP_GRACE_SECONDS=10

# =============================================================================
# build
# =============================================================================

# The binaries `build` makes (package paths under k8s.io/kubernetes/cmd);
# kubectl too, so the client matches the server (the machine image's kubectl
# is 1.32/1.33, outside or at the edge of the supported version skew).
BUILD_CMDS=(kube-apiserver kube-controller-manager kube-scheduler kubectl)
# etcd's main package is the root of go.etcd.io/etcd/server/v3 (so `go build`
# names the binary "server"; we rename it). k8s.io/kubernetes requires that
# module, so the wrapper module builds exactly the etcd version it pins.
ETCD_PKG=go.etcd.io/etcd/server/v3

is_built() {
  [[ -f "$KADR_K8S_BUILD_DIR/.built" ]] || return 1
  local c
  for c in "${BUILD_CMDS[@]}" etcd; do [[ -x "$KADR_K8S_BUILD_BIN/$c" ]] || return 1; done
}

cmd_build() {
  if is_built; then
    log "Kubernetes $KADR_K8S_VERSION binaries already built in $KADR_K8S_BUILD_BIN"
    return 0
  fi
  command -v go >/dev/null || die "go is not on PATH"
  local t0="$EPOCHREALTIME"
  local src="$KADR_K8S_BUILD_DIR/src"
  local staging="v0.${KADR_K8S_VERSION#v1.}"
  mkdir -p "$src"
  # One build at a time per version (CI may start `build` in the background
  # and then call `up`, which builds too if needed).
  exec 8>"$KADR_K8S_BUILD_DIR/.build.lock"
  flock 8
  if is_built; then
    log "built meanwhile by another process"
    exec 8>&-
    return 0
  fi

  step "wrapper module for k8s.io/kubernetes $KADR_K8S_VERSION (staging $staging)"
  # `go install k8s.io/kubernetes/cmd/...@v` is refused because the module's
  # go.mod replaces its staging modules with ./staging/src/... folders. A
  # wrapper module requires k8s.io/kubernetes and replaces each of those with
  # the published staging module of the same release instead.
  local kmod
  kmod="$(cd "$src" && go mod download -json "k8s.io/kubernetes@$KADR_K8S_VERSION" |
    sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')"
  [[ -f "$kmod" ]] || die "could not download k8s.io/kubernetes@$KADR_K8S_VERSION"
  cat >"$src/go.mod" <<EOF
module kadr.local/k8s-control-plane

go $(go mod edit -json "$kmod" | sed -n 's/^[[:space:]]*"Go": "\(.*\)",*$/\1/p' | sed -n 1p)

require k8s.io/kubernetes $KADR_K8S_VERSION
EOF
  # Keep upstream's GODEBUG defaults (k8s.io/kubernetes' go.mod sets
  # `godebug default=go1.24`); the main module decides them.
  local godebug
  godebug="$(sed -n 's/^godebug[[:space:]]\{1,\}\(.*\)$/\1/p' "$kmod")"
  if [[ -n "$godebug" ]]; then printf '\ngodebug %s\n' "$godebug" >>"$src/go.mod"; fi
  # The replace list, read from that release's own go.mod: every
  # `k8s.io/x => ./staging/src/k8s.io/x` becomes `k8s.io/x => k8s.io/x v0.34.N`.
  local staged n=0
  staged="$(go mod edit -json "$kmod" | python3 -c '
import json, sys
for r in json.load(sys.stdin).get("Replace") or []:
    if r["New"]["Path"].startswith("./staging/"):
        print(r["Old"]["Path"])')"
  local args=()
  while read -r m; do
    [[ -n "$m" ]] || continue
    args+=("-replace=$m=$m@$staging")
    n=$((n + 1))
  done <<<"$staged"
  ((n > 0)) || die "no staging replaces found in $kmod"
  (cd "$src" && go mod edit "${args[@]}")
  log "    $n staging modules replaced with $staging"
  {
    echo '//go:build tools'
    echo
    echo '// Package tools only pins the commands this module builds.'
    echo 'package tools'
    echo
    echo 'import ('
    local c
    for c in "${BUILD_CMDS[@]}"; do echo "	_ \"k8s.io/kubernetes/cmd/$c\""; done
    echo
    echo "	_ \"$ETCD_PKG\""
    echo ')'
  } >"$src/tools.go"

  step "go mod tidy"
  (cd "$src" && go mod tidy)

  step "go build ${BUILD_CMDS[*]} etcd (cold: 5-8 minutes on 2 cores)"
  # Version variables as upstream's hack/lib/version.sh sets them, so
  # `kubectl version` and /version report the release. The build date is the
  # release's publication time from the module proxy.
  local info date ldflags="-s -w" key val pkg pkgs=()
  info="$(cd "$src" && go mod download -json "k8s.io/kubernetes@$KADR_K8S_VERSION" |
    sed -n 's/^[[:space:]]*"Info": "\(.*\)",$/\1/p')"
  date="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Time"])' "$info")"
  local minor="${KADR_K8S_VERSION#v1.}"; minor="${minor%%.*}"
  for kv in "gitVersion=$KADR_K8S_VERSION" "gitMajor=1" "gitMinor=$minor" \
    "gitTreeState=clean" "buildDate=$date"; do
    key="${kv%%=*}"; val="${kv#*=}"
    for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
      ldflags+=" -X $pkg.$key=$val"
    done
  done
  for c in "${BUILD_CMDS[@]}"; do pkgs+=("k8s.io/kubernetes/cmd/$c"); done
  pkgs+=("$ETCD_PKG")
  local out="$KADR_K8S_BUILD_DIR/bin.tmp.$$"
  rm -rf "$out"
  mkdir -p "$out"
  # One invocation for all commands: the shared packages compile once.
  (cd "$src" && go build -ldflags "$ldflags" -o "$out/" "${pkgs[@]}")
  mv "$out/server" "$out/etcd"
  rm -rf "$KADR_K8S_BUILD_BIN"
  mv "$out" "$KADR_K8S_BUILD_BIN"
  date -u +%FT%TZ >"$KADR_K8S_BUILD_DIR/.built"
  step_done
  "$KADR_K8S_BUILD_BIN/kube-apiserver" --version >&2
  # sed reads to the end: `head -n1` may exit before etcd has written its other lines, and under pipefail
  # etcd's SIGPIPE (exit 141) failed a finished build (CI run of 2 Dec).
  "$KADR_K8S_BUILD_BIN/etcd" --version | sed -n 1p >&2
  log "build finished in $(elapsed_since "$t0") s: $KADR_K8S_BUILD_BIN"
  exec 8>&-
}

# =============================================================================
# process bookkeeping
# =============================================================================

pid_of() { cat "$STATE/pids/$1.pid" 2>/dev/null || true; }

# is_running NAME: the recorded PID is alive and still runs the binary we
# started (guards against a recycled PID).
is_running() {
  local pid exe want
  pid="$(pid_of "$1")"
  [[ -n "$pid" ]] || return 1
  want="$(cat "$STATE/pids/$1.exe" 2>/dev/null || true)"
  exe="$(readlink "/proc/$pid/exe" 2>/dev/null || true)"
  [[ -n "$exe" && "$exe" == "$want" ]]
}

# start NAME BINARY ARGS...: runs BINARY in its own session (so it survives
# the caller's process group and terminal), output to logs/NAME.log, and
# records its PID. The small bash wrapper writes its own PID and then execs
# the binary, so the recorded PID is the binary's.
start() {
  local name="$1" bin="$2"; shift 2
  local path
  path="$(readlink -f "$(command -v "$bin")")" || die "$bin not found"
  echo "$path" >"$STATE/pids/$name.exe"
  # shellcheck disable=SC2016 # $$ and $@ are for the inner bash
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$STATE/pids/$name.pid" "$path" "$@" \
    </dev/null >"$STATE/logs/$name.log" 2>&1 &
  wait_until 5 "$name to record its PID" test -s "$STATE/pids/$name.pid"
  # The PID file is written before exec: wait until the exec happened.
  wait_until 5 "$name to start" is_running "$name" ||
    { tail -n 20 "$STATE/logs/$name.log" >&2 || true; die "$name exited at once"; }
  log "    $name started, pid $(pid_of "$name"), log $STATE/logs/$name.log"
}

# stop NAME: TERM, then KILL after the grace period.
stop() {
  local name="$1" pid
  is_running "$name" || return 0
  pid="$(pid_of "$name")"
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + STOP_GRACE_SECONDS))
  while is_running "$name" && ((SECONDS < deadline)); do sleep 0.1; done
  if is_running "$name"; then
    log "    $name (pid $pid) ignored TERM for ${STOP_GRACE_SECONDS}s: KILL"
    kill -KILL "$pid" 2>/dev/null || true
    wait_until 5 "$name to die" bash -c "! kill -0 $pid" || true
  fi
  log "    stopped $name (pid $pid)"
}

stop_all() {
  local i
  for ((i = ${#COMPONENTS[@]} - 1; i >= 0; i--)); do stop "${COMPONENTS[$i]}"; done
}

any_running() {
  local c
  for c in "${COMPONENTS[@]}"; do is_running "$c" && return 0; done
  return 1
}

all_running() {
  local c
  for c in "${COMPONENTS[@]}"; do is_running "$c" || return 1; done
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# =============================================================================
# up
# =============================================================================

kubectl_() { "$KADR_K8S_BUILD_BIN/kubectl" --kubeconfig "$STATE/kubeconfig" "$@"; }

# write_kubeconfig FILE USER TOKEN
write_kubeconfig() {
  cat >"$1" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: kadr-local
  cluster:
    server: https://127.0.0.1:$PORT_APISERVER
    certificate-authority: $STATE/pki/serving/apiserver.crt
users:
- name: $2
  user:
    token: $3
contexts:
- name: kadr-local
  context:
    cluster: kadr-local
    user: $2
current-context: kadr-local
EOF
  chmod 600 "$1"
}

write_env() {
  cat >"$STATE/env.sh" <<EOF
export KUBECONFIG=$STATE/kubeconfig
export PATH="$KADR_K8S_BUILD_BIN:\$PATH"
EOF
}

fake_nodes_yaml() {
  local i
  for ((i = 0; i < NODE_COUNT; i++)); do
    # kwok's documented fake Node, without its NoSchedule taint: there are no
    # real nodes here, so ordinary workloads (and charts) must land on these.
    cat <<EOF
---
apiVersion: v1
kind: Node
metadata:
  name: kwok-node-$i
  annotations:
    node.alpha.kubernetes.io/ttl: "0"
    kwok.x-k8s.io/node: fake
  labels:
    beta.kubernetes.io/arch: amd64
    beta.kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    kubernetes.io/hostname: kwok-node-$i
    kubernetes.io/os: linux
    kubernetes.io/role: agent
    node-role.kubernetes.io/agent: ""
    topology.kubernetes.io/zone: zone-$((i % 3))
    type: kwok
status:
  allocatable:
    cpu: "32"
    memory: 256Gi
    ephemeral-storage: 1Ti
    pods: "110"
  capacity:
    cpu: "32"
    memory: 256Gi
    ephemeral-storage: 1Ti
    pods: "110"
  nodeInfo:
    architecture: amd64
    bootID: ""
    containerRuntimeVersion: ""
    kernelVersion: ""
    kubeProxyVersion: fake
    kubeletVersion: fake
    machineID: ""
    operatingSystem: linux
    osImage: ""
    systemUUID: ""
  phase: Running
EOF
  done
}

UP_OK=0
on_up_exit() {
  local rc=$?
  ((UP_OK == 1)) && return 0
  log "up failed (exit $rc); last log lines:"
  local c
  for c in "${COMPONENTS[@]}"; do
    if [[ -f "$STATE/logs/$c.log" ]]; then
      log "--- $c"
      tail -n 15 "$STATE/logs/$c.log" >&2 || true
    fi
  done
  log "stopping what was started"
  stop_all
  [[ -n "${KADR_K8S_KEEP_STATE_ON_FAILURE:-}" ]] || rm -rf "$STATE"
}

cmd_up() {
  local t0="$EPOCHREALTIME"
  if [[ -d "$STATE/pids" ]]; then
    if all_running; then
      log "already up (state $STATE)"
      write_env
      cat "$STATE/env.sh"
      return 0
    fi
    log "stale state in $STATE (some processes gone): cleaning up first"
    stop_all
    rm -rf "$STATE"
  fi

  [[ "$NODE_COUNT" =~ ^[1-9][0-9]*$ ]] || die "KADR_K8S_NODES must be a positive number"
  step "prerequisites"
  cmd_build
  local etcd_bin etcd_extra=()
  case "$ETCD_FLAVOUR" in
    built)
      etcd_bin="$KADR_K8S_BUILD_BIN/etcd"
      # Throw-away data: no fsync makes writes (and so `up`) faster.
      etcd_extra=(--unsafe-no-fsync)
      ;;
    system)
      if ! command -v etcd >/dev/null; then
        ((EUID == 0)) || die "etcd missing: apt-get install -y etcd-server (as root)"
        log "    installing Debian's etcd-server"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q etcd-server >&2
      fi
      etcd_bin=etcd
      ;;
    *) die "KADR_K8S_ETCD must be built or system, not $ETCD_FLAVOUR" ;;
  esac
  bash "$KADR_K8S_SCRIPT_DIR/install-tools.sh" --only kwok >/dev/null
  local kwok_dir
  kwok_dir="$(kwok_module_dir)"
  [[ -d "$kwok_dir/kustomize/stage" ]] || die "kwok stage files not found ($kwok_dir)"
  local p
  for p in "$PORT_ETCD_CLIENT" "$PORT_ETCD_PEER" "$PORT_APISERVER" "$PORT_KCM" "$PORT_SCHEDULER"; do
    port_free "$p" || die "port 127.0.0.1:$p is in use (see README: ports, KADR_K8S_*_PORT)"
  done

  trap on_up_exit EXIT
  trap 'exit 130' INT TERM

  step "keys, tokens and kubeconfigs in $STATE"
  mkdir -p "$STATE"/{pids,logs,pki/serving,pki/kcm,pki/scheduler}
  chmod 700 "$STATE"
  # Service-account token signing key pair.
  openssl genrsa -out "$STATE/pki/sa.key" 2048 2>/dev/null
  openssl rsa -in "$STATE/pki/sa.key" -pubout -out "$STATE/pki/sa.pub" 2>/dev/null
  # Static bearer tokens: the admin (system:masters), and the identities the
  # bootstrap RBAC policy already grants the controller manager and scheduler.
  local t_admin t_kcm t_sched t_kwok
  t_admin="$(openssl rand -hex 24)"; t_kcm="$(openssl rand -hex 24)"
  t_sched="$(openssl rand -hex 24)"; t_kwok="$(openssl rand -hex 24)"
  cat >"$STATE/pki/tokens.csv" <<EOF
$t_admin,kadr-admin,kadr-admin,"system:masters"
$t_kcm,system:kube-controller-manager,system:kube-controller-manager
$t_sched,system:kube-scheduler,system:kube-scheduler
$t_kwok,kwok,kwok,"system:masters"
EOF
  chmod 600 "$STATE/pki/tokens.csv"
  write_kubeconfig "$STATE/kubeconfig" kadr-admin "$t_admin"
  write_kubeconfig "$STATE/kcm.kubeconfig" system:kube-controller-manager "$t_kcm"
  write_kubeconfig "$STATE/scheduler.kubeconfig" system:kube-scheduler "$t_sched"
  write_kubeconfig "$STATE/kwok.kubeconfig" kwok "$t_kwok"

  step "etcd ($ETCD_FLAVOUR: $("$etcd_bin" --version | sed -n 's/^etcd Version: //p')) on 127.0.0.1:$PORT_ETCD_CLIENT"
  start etcd "$etcd_bin" \
    --name kadr \
    --data-dir "$STATE/etcd" \
    --listen-client-urls "http://127.0.0.1:$PORT_ETCD_CLIENT" \
    --advertise-client-urls "http://127.0.0.1:$PORT_ETCD_CLIENT" \
    --listen-peer-urls "http://127.0.0.1:$PORT_ETCD_PEER" \
    --initial-advertise-peer-urls "http://127.0.0.1:$PORT_ETCD_PEER" \
    --initial-cluster "kadr=http://127.0.0.1:$PORT_ETCD_PEER" \
    --logger zap --log-level warn \
    "${etcd_extra[@]}"
  wait_until 30 "etcd /health" curl -fsS "http://127.0.0.1:$PORT_ETCD_CLIENT/health"

  step "kube-apiserver on https://127.0.0.1:$PORT_APISERVER"
  start kube-apiserver "$KADR_K8S_BUILD_BIN/kube-apiserver" \
    --etcd-servers "http://127.0.0.1:$PORT_ETCD_CLIENT" \
    --bind-address 127.0.0.1 \
    --advertise-address 127.0.0.1 \
    --secure-port "$PORT_APISERVER" \
    --cert-dir "$STATE/pki/serving" \
    --token-auth-file "$STATE/pki/tokens.csv" \
    --authorization-mode Node,RBAC \
    --endpoint-reconciler-type none \
    --service-cluster-ip-range 10.96.0.0/16 \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$STATE/pki/sa.pub" \
    --service-account-signing-key-file "$STATE/pki/sa.key" \
    --allow-privileged=true \
    --profiling=false
  wait_until 60 "kube-apiserver /readyz" \
    curl -fsS --cacert "$STATE/pki/serving/apiserver.crt" \
    -H "Authorization: Bearer $t_admin" "https://127.0.0.1:$PORT_APISERVER/readyz"

  step "kube-controller-manager and kube-scheduler"
  start kube-controller-manager "$KADR_K8S_BUILD_BIN/kube-controller-manager" \
    --kubeconfig "$STATE/kcm.kubeconfig" \
    --authentication-kubeconfig "$STATE/kcm.kubeconfig" \
    --authorization-kubeconfig "$STATE/kcm.kubeconfig" \
    --bind-address 127.0.0.1 \
    --secure-port "$PORT_KCM" \
    --cert-dir "$STATE/pki/kcm" \
    --controllers '*' \
    --use-service-account-credentials \
    --service-account-private-key-file "$STATE/pki/sa.key" \
    --root-ca-file "$STATE/pki/serving/apiserver.crt" \
    --service-cluster-ip-range 10.96.0.0/16 \
    --leader-elect=false \
    --profiling=false
  start kube-scheduler "$KADR_K8S_BUILD_BIN/kube-scheduler" \
    --kubeconfig "$STATE/scheduler.kubeconfig" \
    --authentication-kubeconfig "$STATE/scheduler.kubeconfig" \
    --authorization-kubeconfig "$STATE/scheduler.kubeconfig" \
    --bind-address 127.0.0.1 \
    --secure-port "$PORT_SCHEDULER" \
    --cert-dir "$STATE/pki/scheduler" \
    --leader-elect=false \
    --profiling=false
  wait_until 60 "kube-controller-manager /healthz" \
    curl -fsSk "https://127.0.0.1:$PORT_KCM/healthz"
  wait_until 60 "kube-scheduler /readyz" \
    curl -fsSk "https://127.0.0.1:$PORT_SCHEDULER/readyz"

  step "kwok (fake nodes and pods) and $NODE_COUNT Nodes"
  # Stages: `fast` node and pod stages (nodes become Ready, pods Running and
  # Ready at once). Like kwokctl's default set, also the heartbeat-with-lease
  # stage with --node-lease-duration-seconds: kwok then renews a Lease per
  # node, as kubelets do, which is what the node lifecycle controller reads.
  # (Without them the nodes were still Ready after 120 s here; they are
  # cheap, and keep long jobs on the well-trodden path.)
  local cfg=() f
  for f in "$kwok_dir"/kustomize/stage/node/fast/*.yaml \
    "$kwok_dir"/kustomize/stage/node/heartbeat-with-lease/*.yaml \
    "$kwok_dir"/kustomize/stage/pod/fast/*.yaml; do
    [[ "$(basename "$f")" == kustomization.yaml ]] || cfg+=(--config "$f")
  done
  start kwok "$KADR_K8S_TOOLS_BIN/kwok" \
    --kubeconfig "$STATE/kwok.kubeconfig" \
    --manage-all-nodes=false \
    --manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake \
    --manage-nodes-with-label-selector= \
    --node-lease-duration-seconds 40 \
    --cidr 10.244.0.0/16 \
    --node-ip 127.0.0.1 \
    "${cfg[@]}"
  fake_nodes_yaml | kubectl_ apply -f - >&2
  wait_until 60 "Nodes Ready" kubectl_ wait --for=condition=Ready node -l type=kwok --timeout=5s
  # Pods need the `default` ServiceAccount (the ServiceAccount admission
  # plugin); the controller manager creates it shortly after start.
  wait_until 60 "ServiceAccount default/default" kubectl_ -n default get serviceaccount default

  step_done
  write_env
  UP_OK=1
  trap - EXIT INT TERM
  log "up in $(elapsed_since "$t0") s; Kubernetes $KADR_K8S_VERSION on https://127.0.0.1:$PORT_APISERVER"
  log "use it with: source $STATE/env.sh   (or: eval \"\$($0 env)\")"
  cat "$STATE/env.sh"
}

# =============================================================================
# down, status, env
# =============================================================================

cmd_down() {
  local t0="$EPOCHREALTIME"
  if [[ ! -d "$STATE" ]]; then
    log "not up (no $STATE)"
    return 0
  fi
  stop_all
  rm -rf "$STATE"
  log "down in $(elapsed_since "$t0") s; removed $STATE"
}

cmd_status() {
  if [[ ! -d "$STATE/pids" ]]; then
    echo "down (no state in $STATE)"
    return 1
  fi
  local c rc=0
  for c in "${COMPONENTS[@]}"; do
    if is_running "$c"; then
      echo "$c: running, pid $(pid_of "$c")"
    else
      echo "$c: NOT running"; rc=1
    fi
  done
  if ((rc == 0)) && kubectl_ get --raw /readyz >/dev/null 2>&1; then
    echo "apiserver: ready at https://127.0.0.1:$PORT_APISERVER"
    kubectl_ get nodes
  else
    echo "apiserver: not ready"; rc=1
  fi
  echo "KUBECONFIG=$STATE/kubeconfig"
  return "$rc"
}

cmd_env() {
  [[ -f "$STATE/env.sh" ]] || die "not up (no $STATE/env.sh)"
  cat "$STATE/env.sh"
}

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }

case "${1:-}" in
  build) cmd_build ;;
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  env) cmd_env ;;
  -h | --help | help) usage ;;
  *) usage >&2; exit 2 ;;
esac
