#!/usr/bin/env bash
# Static checks of the chart, no cluster needed: lint and render with each value set (defaults,
# ci/production-values.yaml, ci/minimal-values.yaml) and the optional features switched on; bad values
# refused by the schema or by templates/_validate.tpl with the expected message; the ingress never routes
# the metrics port; README's values tables up to date; kube-score (when installed) with the checks
# README "Checks" explains. Server-side validation (kubeconform, a real API server) is elsewhere.
#
#   HELM=/path/to/helm KUBE_SCORE=/path/to/kube-score bash charts/kadr/scripts/check.sh
set -uo pipefail
chart="$(cd "$(dirname "$0")/.." && pwd)"
helm=${HELM:-helm}
kube_score=${KUBE_SCORE:-kube-score}
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ok() { passed=$((passed + 1)); echo "ok   $*"; }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
# helm prints a notice for the routing.json link on every command; it is expected (README "Checks").
quiet() { grep -v 'found symbolic link in path' || true; }

value_sets=(default ci/production-values.yaml ci/minimal-values.yaml)
args_of() { if [[ $1 == default ]]; then echo ""; else echo "-f $chart/$1"; fi; }

for set in "${value_sets[@]}"; do
  # shellcheck disable=SC2046
  if "$helm" lint --strict "$chart" $(args_of "$set") 2>&1 | quiet >"$work/lint.txt" && grep -q '0 chart(s) failed' "$work/lint.txt"; then
    ok "helm lint --strict ($set)"
  else
    bad "helm lint --strict ($set)"
    cat "$work/lint.txt"
  fi
  # shellcheck disable=SC2046
  if "$helm" template kadr "$chart" -n kadr $(args_of "$set") >"$work/render-${set//\//-}.yaml" 2> >(quiet >"$work/err.txt"); then
    ok "helm template ($set)"
  else
    bad "helm template ($set)"
    cat "$work/err.txt"
  fi
done

# The optional parts, all at once: KEDA, backups (both targets), rules, the media route.
for extra in \
  "--set keda.enabled=true --set keda.authenticationRef.name=kafka --set backup.mongodb.enabled=true --set ingress.mediaProxy.enabled=true" \
  "--set backup.mongodb.enabled=true --set backup.mongodb.target=s3 --set prometheusRule.enabled=true --set prometheusRule.groups[0].name=kadr --set prometheusRule.groups[0].rules[0].alert=KadrDown --set prometheusRule.groups[0].rules[0].expr=up==0" \
  "--set ingress.enabled=false --set global.publicUrl=https://kadr.example.com --set serviceMonitor.enabled=true --set dashboards.enabled=true"; do
  # shellcheck disable=SC2086
  if "$helm" template kadr "$chart" -n kadr $extra >/dev/null 2> >(quiet >"$work/err.txt"); then
    ok "helm template $extra"
  else
    bad "helm template $extra"
    cat "$work/err.txt"
  fi
done

# Bad values and the message each must be refused with.
expect_refused() {
  local message=$1
  shift
  local output
  output=$("$helm" template kadr "$chart" "$@" 2>&1 >/dev/null | quiet)
  if [[ -n $output ]] && grep -qF -- "$message" <<<"$output"; then
    ok "refused: $* → $message"
  else
    bad "not refused as expected: $* (want: $message; got: ${output:-no error})"
  fi
}
expect_refused "at '/components/commerce/replicas': minimum: got -1, want 0" --set components.commerce.replicas=-1
expect_refused "at '/components': additional properties 'nope' not allowed" --set components.nope.replicas=1
expect_refused "at '/components/commerce/replicas': got string, want integer" --set components.commerce.replicas=abc
expect_refused "at '/components/commerce': additional properties 'replica' not allowed" --set components.commerce.replica=2
expect_refused "at '/components/web/securityContext/runAsUser': minimum: got 0, want 1" --set components.web.securityContext.runAsUser=0
expect_refused "at '/ingress/annotations/x': got number, want string" --set ingress.annotations.x=1
expect_refused "does not match pattern" --set externals.mongodb.uri=mongodb://user:pw@mongo:27017
expect_refused "additional properties 'ingres' not allowed" --set ingres.enabled=false
expect_refused "components.jobs: OTEL_SERVICE_NAME is set by the chart" --set components.jobs.env.OTEL_SERVICE_NAME=x
expect_refused "externals.kafka.brokers is empty" --set externals.kafka.brokers=
expect_refused "names commerce, which is disabled" --set components.commerce.enabled=false
expect_refused "internalToken.accepted: set both keyId and secretKey" --set internalToken.accepted.keyId=k2
expect_refused "TPAY_CLIENT_ID is both in env and a secret reference" --set components.commerce.env.TPAY_CLIENT_ID=x
# Production e-mails through a real relay: SMTP_URL from a Secret, never optional (values.schema.json's allOf).
expect_refused "at '/components/notifications/secretEnv': missing property 'SMTP_URL'" --set components.notifications.secretEnv.SMTP_URL=null
expect_refused "at '/components/notifications/secretEnv/SMTP_URL/optional': value must be false" --set components.notifications.secretEnv.SMTP_URL.optional=true

# Facts about the default render.
render="$work/render-default.yaml"
# Each Deployment's container carries OTEL_SERVICE_NAME = its component (the naming rule).
mismatches=$(awk '
  /^kind: Deployment/ { deployment = 1 }
  /^---/ { deployment = 0 }
  deployment && /app.kubernetes.io\/component:/ && !component { component = $2 }
  deployment && /- name: OTEL_SERVICE_NAME/ { getline; gsub(/"/, "", $2); if ($2 != component) print component " has " $2; seen++ }
  /^---/ { component = "" }
  END { print "seen " seen }' "$render")
if [[ $mismatches == "seen $(grep -c '^kind: Deployment' "$render")" ]]; then
  ok "every Deployment sets OTEL_SERVICE_NAME to its component's name"
else
  bad "OTEL_SERVICE_NAME: $mismatches"
fi
if awk '/^kind: Ingress/,/^---/' "$render" | grep -Eq 'name: metrics|number: 9464'; then
  bad "an Ingress routes the metrics port"
else
  ok "no Ingress routes the metrics port"
fi
for setting in 'runAsNonRoot: true' 'readOnlyRootFilesystem: true' 'allowPrivilegeEscalation: false' 'automountServiceAccountToken: false' 'type: RuntimeDefault'; do
  deployments=$(grep -c '^kind: Deployment' "$render")
  found=$(awk '/^kind: Deployment/,/^---/' "$render" | grep -c "$setting")
  if ((found >= deployments)); then ok "every Deployment sets $setting"; else bad "$setting in $found of $deployments Deployments"; fi
done

if node "$chart/scripts/values-table.mjs" --check >/dev/null; then
  ok "README values tables match values.yaml"
else
  bad "README values tables are out of date (node charts/kadr/scripts/values-table.mjs)"
fi

if command -v "$kube_score" >/dev/null 2>&1; then
  for set in "${value_sets[@]}"; do
    # The checks README "Checks" explains; anything else CRITICAL fails.
    findings=$("$kube_score" score --output-format ci \
      --ignore-test container-image-pull-policy --ignore-test pod-networkpolicy \
      --ignore-test deployment-has-host-podantiaffinity --ignore-test deployment-replicas \
      --ignore-test ingress-targets-service \
      - <"$work/render-${set//\//-}.yaml" | grep '^\[CRITICAL\]' |
      grep -v -E 'kadr-web/.*(low user ID|low group ID|same readiness and liveness)|kadr-jobs-worker/.*same readiness and liveness')
    if [[ -z $findings ]]; then ok "kube-score ($set)"; else
      bad "kube-score ($set)"
      echo "$findings"
    fi
  done
else
  echo "skip kube-score (not installed: go install github.com/zegl/kube-score/cmd/kube-score@v1.20.0)"
fi

echo "chart checks: ${passed} passed, ${failed} failed"
((failed == 0))
