#!/usr/bin/env python3
"""Tiny S3 client (AWS Signature V4), stdlib only, for the local test server.

Credentials and endpoint come from the environment, as written to
.infra/env.sh by tools/infra/up.sh:
    S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
Path-style addressing is always used (http://host:port/bucket/key).

Commands:
    s3.py mkbucket <bucket>              create a bucket (ok if it is already ours)
    s3.py presign <bucket> <key> [secs]  print a presigned GET URL (query auth)
    s3.py put <bucket> <key> <file>      upload a file (header auth)
    s3.py get <bucket> <key> [range]     print an object (range like bytes=0-9)

Good enough for scripts and smoke tests; the application uses the AWS SDK.
"""
import datetime
import hashlib
import hmac
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


def env(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        sys.exit(f"s3.py: {name} is not set (source .infra/env.sh first)")
    return value


def _hmac(key: bytes, msg: str) -> bytes:
    return hmac.new(key, msg.encode(), hashlib.sha256).digest()


def _signing_key(secret: str, day: str, region: str) -> bytes:
    k = _hmac(("AWS4" + secret).encode(), day)
    k = _hmac(k, region)
    k = _hmac(k, "s3")
    return _hmac(k, "aws4_request")


def _quote(s: str, safe: str = "-_.~") -> str:
    return urllib.parse.quote(s, safe=safe)


class Client:
    def __init__(self) -> None:
        self.endpoint = env("S3_ENDPOINT").rstrip("/")
        self.region = env("S3_REGION", "us-east-1")
        self.key_id = env("S3_ACCESS_KEY_ID")
        self.secret = env("S3_SECRET_ACCESS_KEY")
        self.host = urllib.parse.urlsplit(self.endpoint).netloc

    def _path(self, bucket: str, key: str = "") -> str:
        path = "/" + _quote(bucket)
        if key:
            path += "/" + _quote(key, safe="-_.~/")
        return path

    def _sign(self, method, path, query, headers, payload_hash, now):
        """Return the SigV4 signature for the canonical request."""
        day = now.strftime("%Y%m%d")
        amz_date = now.strftime("%Y%m%dT%H%M%SZ")
        canonical_query = "&".join(
            f"{_quote(k)}={_quote(v)}" for k, v in sorted(query.items())
        )
        names = sorted(h.lower() for h in headers)
        lowered = {k.lower(): str(v).strip() for k, v in headers.items()}
        canonical_headers = "".join(f"{n}:{lowered[n]}\n" for n in names)
        signed_headers = ";".join(names)
        canonical_request = "\n".join(
            [method, path, canonical_query, canonical_headers, signed_headers, payload_hash]
        )
        scope = f"{day}/{self.region}/s3/aws4_request"
        to_sign = "\n".join(
            ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical_request.encode()).hexdigest()]
        )
        sig = hmac.new(_signing_key(self.secret, day, self.region), to_sign.encode(), hashlib.sha256).hexdigest()
        return sig, scope, signed_headers, canonical_query

    def request(self, method, bucket, key="", body=b"", extra_headers=None):
        now = datetime.datetime.now(datetime.timezone.utc)
        path = self._path(bucket, key)
        payload_hash = hashlib.sha256(body).hexdigest() if body else EMPTY_SHA256
        headers = {
            "host": self.host,
            "x-amz-date": now.strftime("%Y%m%dT%H%M%SZ"),
            "x-amz-content-sha256": payload_hash,
        }
        headers.update(extra_headers or {})
        sig, scope, signed_headers, _ = self._sign(method, path, {}, headers, payload_hash, now)
        headers["Authorization"] = (
            f"AWS4-HMAC-SHA256 Credential={self.key_id}/{scope}, "
            f"SignedHeaders={signed_headers}, Signature={sig}"
        )
        del headers["host"]  # urllib sets Host itself (same value)
        req = urllib.request.Request(self.endpoint + path, data=body or None, method=method, headers=headers)
        return urllib.request.urlopen(req, timeout=10)

    def presign_get(self, bucket, key, expires=900):
        now = datetime.datetime.now(datetime.timezone.utc)
        path = self._path(bucket, key)
        query = {
            "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
            "X-Amz-Credential": f"{self.key_id}/{now.strftime('%Y%m%d')}/{self.region}/s3/aws4_request",
            "X-Amz-Date": now.strftime("%Y%m%dT%H%M%SZ"),
            "X-Amz-Expires": str(expires),
            "X-Amz-SignedHeaders": "host",
        }
        sig, _, _, canonical_query = self._sign("GET", path, query, {"host": self.host}, "UNSIGNED-PAYLOAD", now)
        return f"{self.endpoint}{path}?{canonical_query}&X-Amz-Signature={sig}"


def main() -> int:
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    c = Client()
    cmd = args[0]
    try:
        if cmd == "mkbucket" and len(args) == 2:
            try:
                c.request("PUT", args[1]).read()
            except urllib.error.HTTPError as e:
                body = e.read().decode(errors="replace")
                if e.code == 409 and "BucketAlreadyOwnedByYou" in body:
                    return 0
                print(f"s3.py mkbucket: HTTP {e.code}: {body}", file=sys.stderr)
                return 1
        elif cmd == "presign" and len(args) in (3, 4):
            print(c.presign_get(args[1], args[2], int(args[3]) if len(args) == 4 else 900))
        elif cmd == "put" and len(args) == 4:
            with open(args[3], "rb") as f:
                c.request("PUT", args[1], args[2], f.read()).read()
        elif cmd == "get" and len(args) in (3, 4):
            extra = {"range": args[3]} if len(args) == 4 else {}
            sys.stdout.buffer.write(c.request("GET", args[1], args[2], extra_headers=extra).read())
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except urllib.error.HTTPError as e:
        print(f"s3.py {cmd}: HTTP {e.code}: {e.read().decode(errors='replace')}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"s3.py {cmd}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
