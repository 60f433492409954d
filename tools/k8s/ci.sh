#!/usr/bin/env bash
# CI's Kubernetes stage: the Helm chart (charts/kadr) and the platform manifests (k8s/) checked
# statically and then on a real API server (tools/k8s/control-plane.sh: kube-apiserver,
# controller-manager and scheduler 1.34 on loopback, kwok nodes), then each pod of the production values run
# on the local Docker engine as its rendered spec says (tools/k8s/rendered/run-pods.ts). One line per check; ends with
# "kubernetes checks: N passed, N failed" and exits non-zero when one failed. Stops the control plane
# it started, by PID, however it ends.
#
#   bash tools/k8s/ci.sh        # builds what is missing first (cached: tools/k8s/README.md)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 1

CHART=charts/kadr
RELEASE=kadr
NAMESPACE=kadr
WORK="$ROOT/.cache/k8s"
rm -rf "$WORK" && mkdir -p "$WORK"
passed=0
failed=0

# check <name> <command...>: one line, the command's output only when it failed.
check() {
  local name=$1 t0=$SECONDS
  shift
  if "$@" >"$WORK/last.log" 2>&1; then
    passed=$((passed + 1))
    echo "ok   ${name} ($((SECONDS - t0)) s)"
  else
    failed=$((failed + 1))
    echo "FAIL ${name} ($((SECONDS - t0)) s)"
    grep -v 'found symbolic link in path' "$WORK/last.log" | tail -n 40 | sed 's/^/     /'
  fi
}

finish() {
  local status=$?
  bash tools/k8s/control-plane.sh down >/dev/null 2>&1 || true
  echo "kubernetes checks: ${passed} passed, ${failed} failed"
  if [[ $failed -gt 0 ]]; then exit 1; fi
  exit "$status"
}
trap finish EXIT

echo "--- kubernetes: tools"
eval "$(bash tools/k8s/install-tools.sh)"
bash tools/k8s/control-plane.sh build >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log"; exit 1; }
K8S_BUILD_BIN="$(bash -c 'source tools/k8s/lib.sh && echo "$KADR_K8S_BUILD_BIN"')"
export PATH="$K8S_BUILD_BIN:$PATH"
helm() { command helm "$@" 2> >(grep -v 'found symbolic link in path' >&2); }

# Value sets: the chart's defaults, a production-like and a minimal install.
VALUE_SETS=(default ci/production-values.yaml ci/minimal-values.yaml)
values_args() { [[ $1 == default ]] || echo "-f $CHART/$1"; }
rendered() { echo "$WORK/rendered-${1//\//-}.yaml"; }
for set in "${VALUE_SETS[@]}"; do
  # shellcheck disable=SC2046
  helm template "$RELEASE" "$CHART" -n "$NAMESPACE" $(values_args "$set") >"$(rendered "$set")" 2>/dev/null || true
done

echo "--- kubernetes: static checks"
# The chart's own checks: lint, render, the schema refusing bad values, kube-score (charts/kadr/README.md "Checks").
chart_checks() { HELM="$(command -v helm)" KUBE_SCORE="$(command -v kube-score)" bash "$CHART/scripts/check.sh"; }
check "chart checks (charts/kadr/scripts/check.sh: lint, render, values schema, kube-score)" chart_checks
# Kinds of CRDs this API server does not have (Prometheus Operator, KEDA, Strimzi): their own operators
# validate them; kubeconform checks every built-in kind strictly.
CRD_KINDS=ServiceMonitor,PrometheusRule,ScaledObject,KafkaTopic
kubeconform_strict() {
  kubeconform -strict -summary -kubernetes-version 1.34.0 -schema-location "$KADR_KUBECONFORM_SCHEMA_LOCATION" \
    -skip "$CRD_KINDS" "$@"
}
for set in "${VALUE_SETS[@]}"; do
  check "kubeconform -strict, Kubernetes 1.34 ($set)" kubeconform_strict "$(rendered "$set")"
done
check "kubeconform -strict, Kubernetes 1.34 (k8s/)" kubeconform_strict k8s/namespace.yaml k8s/network-policies.yaml \
  k8s/strimzi/kafkatopic-crd.yaml
for set in "${VALUE_SETS[@]}"; do
  check "naming rule: OTEL_SERVICE_NAME = component in every Deployment ($set)" \
    bash -c "node --import tsx tools/k8s/rendered/cli.ts naming < '$(rendered "$set")'"
done

echo "--- kubernetes: a real API server (kube-apiserver $(kube-apiserver --version 2>/dev/null | awk '{print $2}'), kwok nodes)"
check "control plane up" bash tools/k8s/control-plane.sh up
eval "$(bash tools/k8s/control-plane.sh env)"

# k8s/: the namespaces and the KafkaTopic CRD for real (namespaced objects need them), then every
# manifest through the server's own validation without persisting it.
platform() {
  kubectl apply -f k8s/namespace.yaml &&
    kubectl create namespace kadr-data --dry-run=client -o yaml | kubectl apply -f - &&
    kubectl apply -f k8s/strimzi/kafkatopic-crd.yaml &&
    kubectl wait --for condition=established --timeout=60s crd/kafkatopics.kafka.strimzi.io &&
    kubectl apply --dry-run=server --validate=strict -f k8s/namespace.yaml -f k8s/strimzi/kafkatopic-crd.yaml \
      -f k8s/kafka-topics.yaml -f k8s/network-policies.yaml
}
check "k8s/: namespaces and CRD applied, every manifest accepted (kubectl apply --dry-run=server --validate=strict)" platform

# What an SRE creates before installing: every Secret the production values reference (README
# "Secrets"), with throwaway values.
secrets() {
  local kind name key
  declare -A keys=()
  while read -r kind name key; do
    if [[ $kind == tls ]]; then
      openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=kadr.example.com" \
        -keyout "$WORK/tls.key" -out "$WORK/tls.crt" 2>/dev/null
      kubectl -n "$NAMESPACE" create secret tls "$name" --cert "$WORK/tls.crt" --key "$WORK/tls.key" || return 1
      rm -f "$WORK/tls.key"
    else
      keys[$name]+=" --from-literal=${key}=$(openssl rand -hex 32)"
    fi
  done < <(node --import tsx tools/k8s/rendered/cli.ts secrets <"$(rendered ci/production-values.yaml)")
  for name in "${!keys[@]}"; do
    # shellcheck disable=SC2086
    kubectl -n "$NAMESPACE" create secret generic "$name" ${keys[$name]} || return 1
  done
}
check "the Secrets the production values reference, created" secrets

# No Prometheus Operator here: its ServiceMonitor and PrometheusRule kinds do not exist on this server
# (both are rendered and checked statically above; the rules themselves by promtool, tools/test/alert-rules.test.ts).
INSTALL_ARGS=(-n "$NAMESPACE" -f "$CHART/ci/production-values.yaml" --set serviceMonitor.enabled=false
  --set prometheusRule.enabled=false --wait --timeout 5m)
check "helm install --wait (production values): every Deployment Available" \
  helm install "$RELEASE" "$CHART" "${INSTALL_ARGS[@]}"
all_available() {
  kubectl -n "$NAMESPACE" get deployments -l "app.kubernetes.io/instance=$RELEASE" \
    -o jsonpath='{range .items[*]}{.metadata.name} {.status.availableReplicas}/{.spec.replicas}{"\n"}{end}' |
    tee /dev/stderr | awk 'NF != 2 || $2 !~ /^[1-9][0-9]*\/[0-9]+$/ { bad = 1 } { split($2, r, "/"); if (r[1] != r[2]) bad = 1 } END { exit bad || NR == 0 }'
}
check "every Deployment has all its replicas available" all_available
check "HorizontalPodAutoscalers and PodDisruptionBudgets accepted" bash -c \
  "kubectl -n $NAMESPACE get hpa,pdb -l app.kubernetes.io/instance=$RELEASE -o name | tee /dev/stderr | grep -q horizontalpodautoscaler && kubectl -n $NAMESPACE get pdb -l app.kubernetes.io/instance=$RELEASE -o name | grep -q poddisruptionbudget"

# A changed config value rolls the pods of that component (the ConfigMap checksum), and only those.
template_hash() { kubectl -n "$NAMESPACE" get deployment "$RELEASE-$1" -o jsonpath='{.spec.template.metadata.annotations}'; }
rollout_on_config_change() {
  local gateway_before commerce_before
  gateway_before=$(template_hash auth-gateway)
  commerce_before=$(template_hash commerce)
  helm upgrade "$RELEASE" "$CHART" "${INSTALL_ARGS[@]}" --set-string 'components.auth-gateway.env.SSE_MAX_CONNECTIONS=19999' &&
    kubectl -n "$NAMESPACE" rollout status "deployment/$RELEASE-auth-gateway" --timeout=120s &&
    [[ "$(template_hash auth-gateway)" != "$gateway_before" ]] &&
    [[ "$(template_hash commerce)" == "$commerce_before" ]] &&
    [[ "$(kubectl -n "$NAMESPACE" get deployment "$RELEASE-auth-gateway" -o jsonpath='{.metadata.annotations.deployment\.kubernetes\.io/revision}')" == 2 ]]
}
check "helm upgrade --wait with a changed config value: auth-gateway rolled (revision 2), commerce untouched" rollout_on_config_change

leftovers() {
  kubectl -n "$NAMESPACE" get all,configmap,serviceaccount,pdb,hpa,ingress,cronjob,job \
    -l "app.kubernetes.io/instance=$RELEASE" -o name 2>/dev/null
}
uninstall_leaves_nothing() {
  helm uninstall "$RELEASE" -n "$NAMESPACE" --wait --timeout 2m || return 1
  local left
  for _ in $(seq 1 30); do
    left=$(leftovers)
    [[ -z "$left" ]] && return 0
    sleep 1
  done
  echo "left behind: $left"
  return 1
}
check "helm uninstall leaves nothing of the release" uninstall_leaves_nothing
# The minimal install runs the pre-install hooks (topics and bucket provisioned by Jobs) before anything else.
minimal_install() {
  helm install "$RELEASE" "$CHART" -n "$NAMESPACE" -f "$CHART/ci/minimal-values.yaml" --wait --wait-for-jobs --timeout 3m &&
    [[ "$(helm status "$RELEASE" -n "$NAMESPACE")" == *'STATUS: deployed'* ]] &&
    all_available
}
check "helm install --wait (minimal values): pre-install hook Jobs completed, every Deployment Available" minimal_install
check "helm uninstall (minimal values) leaves nothing of the release" uninstall_leaves_nothing
check "control plane down (every process stopped by its PID)" bash tools/k8s/control-plane.sh down

# kwok runs no containers. Each pod of the production values runs here as its spec says, on the local
# Docker engine in one loopback-only network namespace with the data stores: the hook Jobs, every
# Deployment's container (probes, the kernel's view of user, capabilities and read-only root, preStop,
# SIGTERM within the grace period) and the helm test pod (tools/k8s/rendered/run-pods.ts).
echo "--- kubernetes: the pods as their specs say, on the container engine"
if docker info >/dev/null 2>&1; then
  if ! helm template "$RELEASE" "$CHART" -n "$NAMESPACE" -f "$CHART/ci/production-values.yaml" \
    -f tools/k8s/pod-run-values.yaml >"$WORK/rendered-pod-run.yaml"; then
    failed=$((failed + 1))
    echo "FAIL helm template with tools/k8s/pod-run-values.yaml"
  fi
  while IFS= read -r line; do
    echo "$line"
    case "$line" in
      "ok  "*) passed=$((passed + 1)) ;;
      "FAIL"*) failed=$((failed + 1)) ;;
    esac
  done < <(node --import tsx tools/k8s/rendered/run-pods.ts "$WORK/rendered-pod-run.yaml" 2>&1)
elif [[ "${CI:-}" == true ]]; then
  failed=$((failed + 1))
  echo "FAIL the pods on the container engine: no engine answers (DOCKER_HOST=${DOCKER_HOST:-unset})"
else
  echo "skip the pods on the container engine: no engine answers (bash tools/containers/engine.sh up, then make images)"
fi
