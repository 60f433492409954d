# shellcheck shell=bash
# The compose CLI and the variables of CI's compose runs, for `source` by tools/compose/ci.sh and
# tools/compose/prebuild.sh: docker-compose.yml with the CI override, .env.example's local-only
# values (never a developer's own .env), one project name. Needs the engine's env.sh sourced first.
KADR_COMPOSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
eval "$(bash "$KADR_COMPOSE_ROOT/tools/compose/install-compose.sh")"
export COMPOSE_FILE="$KADR_COMPOSE_ROOT/docker-compose.yml:$KADR_COMPOSE_ROOT/docker-compose.ci.yml"
export COMPOSE_PROJECT_NAME="kadr-ci"
export COMPOSE_ENV_FILES="$KADR_COMPOSE_ROOT/.env.example"
