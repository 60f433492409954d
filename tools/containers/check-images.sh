#!/usr/bin/env bash
# Runs every image the way production does, hardened — host network on 127.0.0.1 only, read-only root
# filesystem with a tmpfs on /tmp, a non-root numeric user, no capabilities — and checks for each
# component: it answers its health and /metrics, and a SIGTERM drains it to exit 0 within DRAIN_SECONDS.
# The web image is checked by web/test/container/web-image.container.test.ts against the container.
# Also: a required variable missing makes a container exit non-zero naming it.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=tools/containers/deployables.sh
source tools/containers/deployables.sh

DRAIN_SECONDS=${DRAIN_SECONDS:-30}
SERVICE_USER=10001:10001
NGINX_USER=101:101
failures=0
started_containers=()

cleanup() {
  for name in "${started_containers[@]}"; do docker rm -f "$name" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
secret() { head -c 32 /dev/urandom | base64 | tr -d '\n'; }
fail() {
  echo "check-images: FAIL $*" >&2
  failures=$((failures + 1))
}

# Every service: loopback only, no telemetry exporter, the secrets production requires.
common_env=(-e HOST=127.0.0.1 -e OTEL_SDK_DISABLED=true -e "INTERNAL_TOKEN_SECRET=$(secret)")
hardened=(--network host --read-only --tmpfs "/tmp:rw,size=256m,mode=1777" --cap-drop ALL --security-opt no-new-privileges)

# A throwaway self-signed CA: commerce in production requires Tpay's JWS root certificate.
tpay_root_pem() {
  local dir
  dir=$(mktemp -d)
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj '/CN=check-images test root' \
    -keyout "$dir/key.pem" -out "$dir/cert.pem" >/dev/null 2>&1
  cat "$dir/cert.pem"
  rm -rf "$dir"
}

component_env() {
  case "$1" in
    auth-gateway) echo "-e OIDC_ISSUER_URL=http://127.0.0.1:9/realms/kadr -e OIDC_CLIENT_ID=kadr-web -e SESSION_SECRET=$(secret)" ;;
    commerce) echo "-e PAYMENT_PROVIDER=tpay -e TPAY_CLIENT_ID=check -e TPAY_CLIENT_SECRET=check -e TPAY_SECURITY_CODE=check" ;;
    media) echo "-e MEDIA_SIGNING_SECRET=$(secret) -e DATA_DIR=/tmp/media" ;;
    jobs-worker) echo "-e OTEL_SERVICE_NAME=jobs-worker -e DATA_DIR=/tmp/media -e BLOB_SIGNING_SECRET=$(secret)" ;;
    # Production names its relay; nothing listens on port 9, and nothing is sent (no job finishes here).
    notifications) echo "-e UNSUBSCRIBE_TOKEN_SECRET=$(secret) -e SMTP_URL=smtp://127.0.0.1:9" ;;
    *) echo "" ;;
  esac
}

# Polls URL until it answers 200, or the container stops, or 60 s pass.
wait_for_200() {
  local container=$1 url=$2
  for _ in $(seq 1 120); do
    if [[ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" == 200 ]]; then return 0; fi
    if [[ "$(docker inspect -f '{{.State.Running}}' "$container")" != true ]]; then return 1; fi
    sleep 0.5
  done
  return 1
}

# SIGTERM, then the exit code within DRAIN_SECONDS.
stop_and_check_exit() {
  local container=$1 label=$2 started=$SECONDS code
  docker kill --signal TERM "$container" >/dev/null
  code=$(timeout "$DRAIN_SECONDS" docker wait "$container" || echo timeout)
  if [[ "$code" == 0 ]]; then
    echo "  ${label}: SIGTERM → exit 0 after $((SECONDS - started)) s"
  else
    fail "${label}: SIGTERM → ${code} (want exit 0 within ${DRAIN_SECONDS} s)"
    docker logs --tail 20 "$container" >&2 || true
  fi
}

check_service() {
  local component=$1 image=$2 port metrics_port container health_url
  port=$(free_port)
  metrics_port=$(free_port)
  container="kadr-check-${component}"
  docker rm -f "$container" >/dev/null 2>&1 || true
  local command=()
  if [[ "$component" == jobs-worker ]]; then command=(service/dist/worker.js); fi
  local ca_env=()
  if [[ "$component" == commerce ]]; then ca_env=(-e "TPAY_JWS_ROOT_CA_PEM=$(tpay_root_pem)"); fi
  # shellcheck disable=SC2046
  docker run -d --name "$container" "${hardened[@]}" --user "$SERVICE_USER" "${common_env[@]}" "${ca_env[@]}" \
    -e "PORT=${port}" -e "METRICS_PORT=${metrics_port}" $(component_env "$component") \
    "$(image_ref "$image")" "${command[@]}" >/dev/null
  started_containers+=("$container")
  echo "check-images: ${component} ($(image_ref "$image"), user ${SERVICE_USER}, read-only)"
  if [[ "$component" == jobs-worker ]]; then
    health_url="http://127.0.0.1:${metrics_port}/health/live"
  else
    health_url="http://127.0.0.1:${port}/health/live"
  fi
  if wait_for_200 "$container" "$health_url"; then
    echo "  ${health_url#http://127.0.0.1:} → 200"
  else
    fail "${component}: ${health_url} never answered 200"
    docker logs --tail 30 "$container" >&2 || true
    return
  fi
  # main.ts opens the metrics port just after the public one: wait for it as well. The body is read
  # whole before it is searched: `curl | grep -q` under pipefail fails when grep stops reading while curl
  # still writes a later chunk (EPIPE, curl exit 23) — it did, in a CI run under load.
  local metrics=''
  if wait_for_200 "$container" "http://127.0.0.1:${metrics_port}/metrics"; then
    metrics=$(curl -sf "http://127.0.0.1:${metrics_port}/metrics" || true)
  fi
  if grep -q '^process_cpu_user_seconds_total' <<<"$metrics"; then
    echo "  :${metrics_port}/metrics → 200 with process metrics"
  else
    fail "${component}: /metrics on ${metrics_port} did not answer Prometheus text ($(wc -c <<<"$metrics") bytes)"
  fi
  if [[ "$(docker inspect -f '{{.Config.User}}' "$container")" != "$SERVICE_USER" ]]; then
    fail "${component}: not running as ${SERVICE_USER}"
  fi
  stop_and_check_exit "$container" "$component"
}

# What every image carries: OCI labels naming source, revision and version; no .env file anywhere.
check_image_contents() {
  local name=$1 ref labels leaked
  ref=$(image_ref "$name")
  labels=$(docker image inspect -f '{{index .Config.Labels "org.opencontainers.image.source"}} {{index .Config.Labels "org.opencontainers.image.revision"}} {{index .Config.Labels "org.opencontainers.image.version"}}' "$ref")
  if [[ "$labels" =~ ^[^[:space:]]+\ [^[:space:]]+\ [^[:space:]]+$ ]]; then
    echo "check-images: ${name} labels (source revision version): ${labels}"
  else
    fail "${name}: OCI labels source/revision/version missing (${labels})"
  fi
  leaked=$(docker run --rm --network none --entrypoint find "$ref" / -xdev \( -name .env -o -name '.env.*' \) -type f 2>/dev/null || true)
  if [[ -n "$leaked" ]]; then fail "${name}: .env files in the image: ${leaked}"; fi
}

# The worker's renderer inside the jobs image: ffmpeg, ffprobe and the font are all there.
check_jobs_renders() {
  local output
  if output=$(docker run --rm --network none --read-only --tmpfs "/tmp:rw,size=256m,mode=1777" --cap-drop ALL \
    --security-opt no-new-privileges --user "$SERVICE_USER" \
    -v "$PWD/tools/containers/jobs-render-check.cjs:/check/render.cjs:ro" \
    "$(image_ref jobs)" /check/render.cjs 2>&1); then
    echo "check-images: jobs image renders a clip as ${SERVICE_USER} on a read-only root: ${output}"
  else
    fail "jobs image could not render: ${output}"
  fi
}

# expect_exit_naming <component> <variable> <docker run -e ...>: the image in production, started with
# the given environment, exits non-zero and names the variable that is missing.
expect_exit_naming() {
  local component=$1 variable=$2 container code logs
  shift 2
  container="kadr-check-missing-${component}"
  docker rm -f "$container" >/dev/null 2>&1 || true
  docker run --name "$container" "${hardened[@]}" --user "$SERVICE_USER" "${common_env[@]}" \
    -e "PORT=$(free_port)" -e "METRICS_PORT=$(free_port)" "$@" "$(image_ref "$component")" >/dev/null 2>&1 || true
  started_containers+=("$container")
  code=$(docker inspect -f '{{.State.ExitCode}}' "$container")
  logs=$(docker logs "$container" 2>&1 || true)
  if [[ "$code" != 0 ]] && grep -q "$variable" <<<"$logs"; then
    echo "check-images: ${component} without ${variable} exits ${code} naming the variable"
  else
    fail "${component} without ${variable}: exit ${code}, variable not named"
  fi
}

check_missing_variable() {
  # The gateway in production without OIDC_ISSUER_URL (it never runs the development identity provider there).
  expect_exit_naming auth-gateway OIDC_ISSUER_URL -e "SESSION_SECRET=$(secret)"
  # notifications in production without SMTP_URL (the development mail catcher is never production's mail).
  expect_exit_naming notifications SMTP_URL -e "UNSUBSCRIBE_TOKEN_SECRET=$(secret)"
}

check_web() {
  local port=8080 container=kadr-check-web
  docker rm -f "$container" >/dev/null 2>&1 || true
  # nginx listens on 8080, fixed in the image; on the host network that port must be free.
  if ! node -e "require('net').createServer().once('error',()=>process.exit(1)).listen(${port},'127.0.0.1',function(){this.close()})"; then
    fail "web: port ${port} on 127.0.0.1 is taken; stop what listens there (npm start?) and run again"
    return
  fi
  docker run -d --name "$container" "${hardened[@]}" --user "$NGINX_USER" "$(image_ref web)" >/dev/null
  started_containers+=("$container")
  echo "check-images: web ($(image_ref web), user ${NGINX_USER}, read-only)"
  if ! wait_for_200 "$container" "http://127.0.0.1:${port}/healthz"; then
    fail "web: /healthz never answered 200"
    docker logs --tail 30 "$container" >&2 || true
    return
  fi
  if KADR_REQUIRE_IMAGES=1 KADR_WEB_IMAGE_URL="http://127.0.0.1:${port}" \
    npx jest -c web/test/container/jest.config.cjs --ci; then
    echo "  web image test passed"
  else
    fail "web: web-image.container.test.ts failed"
  fi
  stop_and_check_exit "$container" web
}

for component in auth-gateway commerce jobs jobs-worker media i18n admin notifications; do
  image=$component
  if [[ "$component" == jobs-worker ]]; then image="jobs"; fi
  check_service "$component" "$image"
done
for name in "${KADR_IMAGES[@]}"; do check_image_contents "$name"; done
check_jobs_renders
check_missing_variable
check_web

if ((failures)); then
  echo "check-images: ${failures} failure(s)" >&2
  exit 1
fi
echo "check-images: every image starts read-only as non-root, answers health and metrics, and drains on SIGTERM"
