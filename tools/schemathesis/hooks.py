"""schemathesis hooks for Kadr's public API.

Every generated request gets its own Idempotency-Key (the gateway requires one on each
state-changing /bff request and would answer a reused key with a replay or 422) and the
session's CSRF token (KADR_CSRF_TOKEN), as the web app sends them. Headers the case already
generates for these two are replaced: their values come from the session, not from the schema.
"""

import os
import uuid

import schemathesis

CSRF_TOKEN = os.environ["KADR_CSRF_TOKEN"]


@schemathesis.hook
def map_headers(ctx, headers):
    headers = dict(headers or {})
    operation = ctx.operation
    if operation is not None and operation.method.upper() not in ("GET", "HEAD", "OPTIONS"):
        headers["X-CSRF-Token"] = CSRF_TOKEN
        headers["Idempotency-Key"] = f"st-{uuid.uuid4()}"
    return headers
