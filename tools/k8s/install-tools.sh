#!/usr/bin/env bash
# Installs the static Kubernetes tools CI needs to check the Helm chart, once,
# cached by version under ${KADR_INFRA_CACHE:-$HOME/.cache/kadr-infra}/k8s:
#
#   helm, kubeconform, kube-score, kwok   go install, into bin/.versions/NAME-VERSION/
#                                          with bin/NAME symlinks (one PATH entry)
#   Kubernetes JSON schemas               from PyPI kubernetes-validate (venv),
#                                          rewritten for offline kubeconform use
#
# Usage:
#   eval "$(tools/k8s/install-tools.sh)"     # install, then export PATH etc.
#   tools/k8s/install-tools.sh --only kwok   # one tool (control-plane.sh uses this)
#
# stdout carries only the `export` lines (also written to k8s/env.sh in the
# cache, for `source`); progress goes to stderr.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ONLY=""
case "${1:-}" in
  --only) ONLY="${2:?--only needs a tool name}" ;;
  "") ;;
  -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) die "unknown argument: $1" ;;
esac

wanted() { [[ -z "$ONLY" || "$ONLY" == "$1" ]]; }

mkdir -p "$KADR_K8S_TOOLS_BIN"
t0="$EPOCHREALTIME"

# Version stamps the upstream release builds set with -ldflags; without them
# the binaries report "development" (and helm assumes Kubernetes 1.20 for
# `helm template` and lint: see its Makefile, which derives the default
# version from the k8s.io/client-go it is built with).
helm_ldflags() {
  local modfile cg major minor
  modfile="$( (cd "$KADR_K8S_CACHE" && go mod download -json "helm.sh/helm/v3@$KADR_HELM_VERSION") |
    sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')"
  cg="$(go mod edit -json "$modfile" | python3 -c '
import json, sys
print(next(r["Version"] for r in json.load(sys.stdin)["Require"] if r["Path"] == "k8s.io/client-go"))')"
  cg="${cg#v0.}"
  major=1
  minor="${cg%%.*}"
  local v=helm.sh/helm/v3
  printf '%s' "-s -w -X $v/internal/version.version=$KADR_HELM_VERSION" \
    " -X $v/internal/version.gitTreeState=clean" \
    " -X $v/pkg/lint/rules.k8sVersionMajor=$major -X $v/pkg/lint/rules.k8sVersionMinor=$minor" \
    " -X $v/pkg/chartutil.k8sVersionMajor=$major -X $v/pkg/chartutil.k8sVersionMinor=$minor"
}

if wanted helm; then
  step "helm $KADR_HELM_VERSION"
  go_install_tool helm helm.sh/helm/v3/cmd/helm "$KADR_HELM_VERSION" "$(helm_ldflags)"
fi
if wanted kubeconform; then
  step "kubeconform $KADR_KUBECONFORM_VERSION"
  go_install_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform \
    "$KADR_KUBECONFORM_VERSION" "-s -w -X main.version=$KADR_KUBECONFORM_VERSION"
fi
if wanted kube-score; then
  step "kube-score $KADR_KUBE_SCORE_VERSION"
  go_install_tool kube-score github.com/zegl/kube-score/cmd/kube-score \
    "$KADR_KUBE_SCORE_VERSION" "-s -w -X main.version=$KADR_KUBE_SCORE_VERSION"
fi
if wanted kwok; then
  step "kwok $KADR_KWOK_VERSION"
  go_install_tool kwok sigs.k8s.io/kwok/cmd/kwok "$KADR_KWOK_VERSION" "-s -w"
fi

# --- Offline schemas for kubeconform ---------------------------------------
# kubernetes-validate ships per-kind JSON schemas (draft 2020-12) whose
# references point at "/api/_definitions.json", which resolves against their
# "$id" to https://kubernetes.io/api/_definitions.json: kubeconform would try
# to fetch that. We copy the schemas and rewrite those references to the local
# file's file:// URL, so validation never leaves the machine.
SCHEMA_ROOT="$KADR_K8S_CACHE/schemas/kubernetes-validate-$KADR_KUBERNETES_VALIDATE_VERSION"
SCHEMA_NAME="v$KADR_K8S_SCHEMA_VERSION-local"
# kubeconform fills {{ .StrictSuffix }} with "-strict" under -strict, picking
# the variant whose objects forbid unknown fields.
SCHEMA_LOCATION="$SCHEMA_ROOT/$SCHEMA_NAME{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json"

if wanted schemas; then
  step "Kubernetes $KADR_K8S_SCHEMA_VERSION JSON schemas (PyPI kubernetes-validate $KADR_KUBERNETES_VALIDATE_VERSION)"
  if [[ ! -f "$SCHEMA_ROOT/.done" ]]; then
    venv="$KADR_K8S_CACHE/venv/kubernetes-validate-$KADR_KUBERNETES_VALIDATE_VERSION"
    if [[ ! -x "$venv/bin/kubernetes-validate" ]]; then
      rm -rf "$venv"
      python3 -m venv "$venv"
      "$venv/bin/pip" install -q --disable-pip-version-check \
        "kubernetes-validate==$KADR_KUBERNETES_VALIDATE_VERSION" >&2
    fi
    pkg="$("$venv/bin/python" -c 'import kubernetes_validate, os; print(os.path.dirname(kubernetes_validate.__file__))')"
    log "    schema sets shipped: $(cd "$pkg/kubernetes-json-schema" && echo v*-local-strict | tr ' ' '\n' | sed 's/-local-strict//' | tr '\n' ' ')"
    rm -rf "$SCHEMA_ROOT.tmp"
    mkdir -p "$SCHEMA_ROOT.tmp"
    "$venv/bin/python" - "$pkg/kubernetes-json-schema" "$SCHEMA_ROOT.tmp" "$SCHEMA_ROOT" "$SCHEMA_NAME" <<'PY'
import os, sys
src_root, tmp_root, final_root, name = sys.argv[1:5]
for variant in (name, name + "-strict"):
    src = os.path.join(src_root, variant)
    if not os.path.isdir(src):
        sys.exit(f"kubernetes-validate has no schema set {variant}")
    dst = os.path.join(tmp_root, variant)
    os.makedirs(dst)
    # The final location, as a URL; the references must name it, not the
    # temporary folder we write into.
    defs_url = "file://" + os.path.join(final_root, variant, "_definitions.json")
    for f in os.listdir(src):
        if not f.endswith(".json"):
            continue
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            text = fh.read()
        text = text.replace('"/api/_definitions.json#', '"' + defs_url + '#')
        with open(os.path.join(dst, f), "w", encoding="utf-8") as fh:
            fh.write(text)
PY
    touch "$SCHEMA_ROOT.tmp/.done"
    rm -rf "$SCHEMA_ROOT"
    mv "$SCHEMA_ROOT.tmp" "$SCHEMA_ROOT"
  fi
fi
step_done

# --- Environment ---------------------------------------------------------------
ENV_FILE="$KADR_K8S_CACHE/env.sh"
cat >"$ENV_FILE" <<EOF
export PATH="$KADR_K8S_TOOLS_BIN:\$PATH"
export KADR_KUBECONFORM_SCHEMA_LOCATION='$SCHEMA_LOCATION'
EOF
log "tools ready in $(elapsed_since "$t0") s; environment in $ENV_FILE"
cat "$ENV_FILE"
