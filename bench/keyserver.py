"""Local upstreams for the load harness: Google's key endpoint (the test certificate, with a
max-age) and a zero-time legacy generation backend (a fixed small PNG, answered at once)."""
import http.server
import json
import pathlib
import sys
import zlib
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEYS = json.dumps({"k1": (ROOT / "tests/api/keys/cert-a.pem").read_text()}).encode()


def png(side: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(side * 3)) for y in range(side))
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


IMAGE = png(64)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path.startswith("/keys"):
            body, kind, extra = KEYS, "application/json", ("Cache-Control", "public, max-age=3600")
        elif self.path.startswith("/generate-image"):
            body, kind, extra = IMAGE, "image/png", ("Cache-Control", "no-store")
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header(*extra)
        self.end_headers()
        try:
            self.wfile.write(body)
        except BrokenPipeError:
            pass  # the load tool closed its connections at the end of a run

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
