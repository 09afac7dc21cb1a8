"""/me and an image under a burst of submissions that the content gate's reader of meaning
must read (issue 44, item 5). Run by bench/burst.sh, which starts the gateway.

Two phases of DURATION seconds each: the probes alone, then the probes while SUBMITTERS
processes post generations with new 500-character prompts as fast as the gateway answers
(each is a text the reader has not seen, so each costs an embedding on the blocking pool).
A probe asks its route one request at a time, RATE times a second, and records each latency.
"""
import json
import multiprocessing as mp
import os
import random
import sys
import time
import urllib.error
import urllib.request

BASE = os.environ["GATEWAY"]
TOKEN = os.environ["TOKEN"]
DURATION = float(os.environ.get("DURATION", "15"))
SUBMITTERS = int(os.environ.get("SUBMITTERS", "4"))
RATE = float(os.environ.get("RATE", "50"))
# EXPLICIT=1: each prompt asks for nudity, so the reader of meaning reads its phrases too (the
# answers are then refusals of an unverified age, after the gate has read the text).
EXPLICIT = os.environ.get("EXPLICIT") == "1"
WORDS = ("portrait woman garden light evening city street rain umbrella coffee table window "
         "mountain lake forest autumn leaves river boat harbour market fruit bread painting "
         "studio cinematic soft focus golden hour detailed textures sharp film grain").split()


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + TOKEN)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def probe(path, until, out):
    latencies = []
    step = 1.0 / RATE
    next_at = time.monotonic()
    while time.monotonic() < until:
        start = time.monotonic()
        status, _ = call("GET", path)
        if status == 200:
            latencies.append((time.monotonic() - start) * 1000)
        next_at += step
        time.sleep(max(0.0, next_at - time.monotonic()))
    out.put((path, latencies))


def submit(seed, until, out):
    rng = random.Random(seed)
    counts = {}
    while time.monotonic() < until:
        prompt = ("nude, explicit, " if EXPLICIT else "") + ", ".join(rng.choice(WORDS) for _ in range(80))
        prompt = prompt[:500]
        status, _ = call("POST", "/api/v1/generations", {"prompt": prompt, "enhance": False})
        counts[status] = counts.get(status, 0) + 1
    out.put(("submissions", counts))


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def phase(name, image, submitters):
    until = time.monotonic() + DURATION
    out = mp.Queue()
    procs = [mp.Process(target=probe, args=("/api/v1/me", until, out)),
             mp.Process(target=probe, args=(image, until, out))]
    procs += [mp.Process(target=submit, args=(i, until, out)) for i in range(submitters)]
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    for key, value in sorted(results, key=lambda r: r[0]):
        if key == "submissions":
            print(f"{name}: submitter: {value}")
        else:
            route = "/me" if key.endswith("/me") else "image"
            print(f"{name}: {route}: {len(value)} requests, p50 {pct(value, 50):.2f} ms, "
                  f"p99 {pct(value, 99):.2f} ms, max {max(value):.2f} ms")


def main():
    status, body = call("POST", "/api/v1/generations", {"prompt": "a lighthouse at dusk", "enhance": False})
    if status not in (200, 201):
        sys.exit(f"the first generation: {status} {body[:200]!r}")
    ident = json.loads(body)["generations"][0]["id"]
    image = f"/api/v1/generations/{ident}/image"
    phase("quiet", image, 0)
    phase(f"burst of {SUBMITTERS} submitters", image, SUBMITTERS)


if __name__ == "__main__":
    main()
