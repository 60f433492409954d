#!/usr/bin/env python3
"""Send a MongoDB `ping` over the wire protocol, using only the stdlib.

    python3 mongo_ping.py <host> <port> [timeout-seconds]

Exits 0 if the server answers {ok: 1}, 1 otherwise (message on stderr).
Used by tools/infra/up.sh so that the readiness check does not depend on
node_modules (the `mongodb` driver) or on pip packages.

The request is a single OP_MSG (opcode 2013, MongoDB >= 3.6, which
mongo-java-server speaks) whose body is the BSON document
{ping: 1, $db: "admin"}.
"""
import socket
import struct
import sys

OP_MSG = 2013


def bson_ping() -> bytes:
    db = b"admin"
    elements = (
        b"\x10ping\x00" + struct.pack("<i", 1)  # int32 ping: 1
        + b"\x02$db\x00" + struct.pack("<i", len(db) + 1) + db + b"\x00"  # string $db
    )
    return struct.pack("<i", 4 + len(elements) + 1) + elements + b"\x00"


def recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("connection closed by server")
        buf += chunk
    return buf


def ping(host: str, port: int, timeout: float) -> None:
    body = struct.pack("<I", 0) + b"\x00" + bson_ping()  # flagBits, section kind 0, document
    header = struct.pack("<iiii", 16 + len(body), 1, 0, OP_MSG)
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.settimeout(timeout)
        sock.sendall(header + body)
        length, _req, _resp_to, opcode = struct.unpack("<iiii", recv_exact(sock, 16))
        reply = recv_exact(sock, length - 16)
    if opcode != OP_MSG:
        raise ValueError(f"unexpected reply opcode {opcode}")
    # Good enough for a ping: look for the top-level element `ok` as a double
    # (type 0x01) or int32 (type 0x10) equal to 1.
    i = reply.find(b"\x01ok\x00")
    if i >= 0 and struct.unpack("<d", reply[i + 4 : i + 12])[0] == 1.0:
        return
    i = reply.find(b"\x10ok\x00")
    if i >= 0 and struct.unpack("<i", reply[i + 4 : i + 8])[0] == 1:
        return
    raise ValueError(f"ping did not return ok: 1 (raw reply {reply!r})")


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, port = sys.argv[1], int(sys.argv[2])
    timeout = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    try:
        ping(host, port, timeout)
    except Exception as e:  # noqa: BLE001 - any failure means "not ready"
        print(f"mongo ping {host}:{port} failed: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
