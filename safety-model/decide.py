#!/usr/bin/env python3
"""Manual check of src/safety/meaning/head.json: one prompt per line on stdin, prints the
probability per attribute (* where it reaches the threshold) and the gate's decision.

    echo "nude woman walking her dog" | /tmp/headvenv/bin/python safety-model/decide.py
    ... | decide.py --style nsfw      # decide as on an NSFW style (explicit whatever the text)

Uses train.py's embeddings (the gateway's encoder, crates/e5; "query: " prefix, whitespace
collapsed) and the same formula as the Rust side: per sign sigmoid(w·h + b) >= threshold, where h
is the hidden layer max(0, W e + c) (the embedding itself for a head without one);
refuse = (nsfw style OR sexual) AND (minor OR real_person OR non_consent OR animal), each
forbidden sign read in the whole text and, for an explicit request, in each of its phrases.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEAD = os.path.join(os.path.dirname(HERE), "src", "safety", "meaning", "head.json")
ATTRS = ["sexual", "minor", "real_person", "non_consent", "animal"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--style", choices=["nsfw", "capable", "safe"], default="capable")
    ap.add_argument("--head", default=HEAD)
    args = ap.parse_args()
    head = json.load(open(args.head))
    sys.path.insert(0, HERE)
    from train import clean, content, embed_all, from_json, parts, probabilities

    texts = [content(t) for t in (clean(line) for line in sys.stdin) if t]
    every = sorted(set(texts) | {p for t in texts for p in parts(t)})
    embedded = dict(zip(every, embed_all(every)))
    model, _ = from_json(head)

    def probs(text):
        return dict(zip(ATTRS, probabilities(model, embedded[text][None, :])[0]))

    for text in texts:
        p = probs(text)
        explicit = args.style == "nsfw" or p["sexual"] >= head["heads"]["sexual"]["threshold"]
        # An explicit request is read phrase by phrase for the forbidden signs too, as the
        # gateway reads it (src/safety/meaning/parts.rs).
        for phrase in parts(text) if explicit else []:
            q = probs(phrase)
            for a in ATTRS[1:]:
                p[a] = max(p[a], q[a])
        hits = {a: p[a] >= head["heads"][a]["threshold"] for a in ATTRS}
        cells = [f"{a} {p[a]:.2f}{'*' if hits[a] else ' '}" for a in ATTRS]
        forbidden = [a for a in ATTRS[1:] if hits[a]]
        verdict = "REFUSE (" + ", ".join(forbidden) + ")" if explicit and forbidden else "pass"
        print(f"{verdict:<28} | " + "  ".join(cells) + f" | {text}")


if __name__ == "__main__":
    main()
