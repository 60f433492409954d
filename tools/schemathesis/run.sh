#!/usr/bin/env bash
# schemathesis against the full /bff/openapi.json of the running embedded stack, signed in as the
# administrator: every check, at most SCHEMATHESIS_MAX_EXAMPLES (default 20) examples per
# operation, the whole run capped at SCHEMATHESIS_MAX_SECONDS (default 300). Destructive admin
# operations (x-destructive), sign-out and the endless event stream are left out.
# Exits non-zero when schemathesis finds a failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/.cache/schemathesis-venv"
SCHEMATHESIS_VERSION="4.32.5"
MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-20}"
MAX_SECONDS="${SCHEMATHESIS_MAX_SECONDS:-300}"

if [ ! -x "$VENV/bin/st" ] || ! "$VENV/bin/st" --version | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"
fi

PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
WORK="$(mktemp -d)"
SESSION_FILE="$WORK/session.json"
STACK_LOG="$WORK/stack.log"

cd "$ROOT"
PORT="$PORT" SESSION_FILE="$SESSION_FILE" \
  node --conditions=kadr-source --import tsx tools/schemathesis/stack.ts >"$STACK_LOG" 2>&1 &
STACK_PID=$!
stop_stack() {
  if kill -0 "$STACK_PID" 2>/dev/null; then
    kill -TERM "$STACK_PID"
    wait "$STACK_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap stop_stack EXIT

for _ in $(seq 1 120); do
  [ -s "$SESSION_FILE" ] && break
  if ! kill -0 "$STACK_PID" 2>/dev/null; then
    echo "the embedded stack did not start:" >&2
    cat "$STACK_LOG" >&2
    exit 1
  fi
  sleep 0.5
done
[ -s "$SESSION_FILE" ] || { echo "the embedded stack was not ready within 60 s" >&2; cat "$STACK_LOG" >&2; exit 1; }

BASE="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["base"])' "$SESSION_FILE")"
export KADR_SESSION="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["session"])' "$SESSION_FILE")"
export KADR_CSRF_TOKEN="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["csrfToken"])' "$SESSION_FILE")"
export SCHEMATHESIS_HOOKS="hooks"

started=$SECONDS
status=0
# schemathesis frames its report in pytest's "=== 3 warnings in 25s ===" lines. CI reads a run's
# closing pytest line as the test count of the whole run, and that one counts no test: the framing
# is shown as "--- ... ---" instead (the file keeps it), and `make test` closes on its own
# "tests: N passed, N failed, N skipped" line.
# The session cookie as the document's `session` security scheme, so schemathesis also tries requests without it.
PYTHONPATH="$ROOT/tools/schemathesis" timeout --signal=INT "$MAX_SECONDS" "$VENV/bin/st" \
  --config-file "$ROOT/tools/schemathesis/schemathesis.toml" run "$BASE/bff/openapi.json" \
  --url "$BASE" \
  --checks all \
  --max-examples "$MAX_EXAMPLES" \
  --header "Origin: $BASE" \
  --exclude-by '/x-destructive == true' \
  --exclude-path '/auth/logout' \
  --exclude-path '/bff/sse/jobs' \
  --request-timeout 30 \
  --no-color 2>&1 | tee "$ROOT/.cache/schemathesis-output.txt" | sed -E 's/^=+ (.*) =+$/--- \1 ---/' || status=$?
echo "schemathesis: exit $status after $((SECONDS - started)) s (max examples $MAX_EXAMPLES, cap ${MAX_SECONDS} s)"
# For `make test`'s closing summary: the counts of schemathesis' "N generated, N passed, N skipped" line.
if [[ -n "${KADR_TEST_SUMMARY_FILE:-}" ]]; then
  python3 - "$ROOT/.cache/schemathesis-output.txt" "$status" >>"$KADR_TEST_SUMMARY_FILE" <<'PY'
import json, re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
line = next((l for l in text.splitlines() if re.search(r"\d+ generated", l)), "")
count = lambda word: int(m.group(1)) if (m := re.search(r"(\d+) " + word, line)) else 0
failed = count("failed") + count("errored") or (1 if sys.argv[2] != "0" else 0)
print(json.dumps({"stage": "schemathesis", "passed": count("passed"), "failed": failed, "skipped": count("skipped")}))
PY
fi
exit "$status"
