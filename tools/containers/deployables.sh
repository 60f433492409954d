# shellcheck shell=bash
# The images and the components run from them, sourced by images.sh and check-images.sh.
# Ports are each service's default PORT (services/<name>/src/config.ts); every service image also
# exposes the metrics port 9464.

# shellcheck disable=SC2034 # used by the scripts that source this file
KADR_IMAGES=(auth-gateway commerce jobs media i18n admin notifications web)

image_ref() { echo "${KADR_IMAGE_REGISTRY:+${KADR_IMAGE_REGISTRY}/}$1:${KADR_IMAGE_TAG:-local}"; }

service_port() {
  case "$1" in
    auth-gateway) echo 8080 ;;
    commerce) echo 8082 ;;
    jobs | jobs-worker) echo 8083 ;;
    media) echo 8084 ;;
    i18n) echo 8085 ;;
    admin) echo 8086 ;;
    notifications) echo 8087 ;;
    web) echo 8080 ;;
    *) echo "unknown deployable $1" >&2 && return 1 ;;
  esac
}

# Uncompressed, on CI's local bases (issue 14).
size_budget_mb() {
  case "$1" in
    jobs) echo 450 ;;
    web) echo 100 ;;
    *) echo 300 ;;
  esac
}
