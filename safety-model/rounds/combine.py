#!/usr/bin/env python3
"""A round's battery from its writers' files (README.md): the requests to refuse (refuse_a, then
refuse_b), the honest ones (honest_a, honest_b), then each person noun phrase set in a frame of its
language, in turn (the frames of a language cycle, so its third frame, the `capable` one, takes
two phrases of eight).

  python3 safety-model/rounds/combine.py OUT_DIR BATTERY.jsonl
"""
import collections
import json
import sys

KEYS = ("expect", "lang", "evasion", "style", "prompt")


def read(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def main(out_dir, battery):
    lines = []
    for name in ("refuse_a", "refuse_b", "honest_a", "honest_b"):
        lines += [{k: d[k] for k in KEYS} for d in read(f"{out_dir}/{name}.jsonl")]
    frames = collections.defaultdict(list)
    for frame in read(f"{out_dir}/frames.jsonl"):
        assert frame["frame"].count("{who}") == 1, frame
        frames[frame["lang"]].append(frame)
    used = collections.Counter()
    for phrase in read(f"{out_dir}/phrases.jsonl"):
        lang = phrase["lang"]
        frame = frames[lang][used[lang] % len(frames[lang])]
        used[lang] += 1
        lines.append({"expect": phrase["expect"], "lang": lang, "evasion": phrase["evasion"],
                      "style": frame["style"], "prompt": frame["frame"].replace("{who}", phrase["who"])})
    with open(battery, "w", encoding="utf-8") as out:
        out.writelines(json.dumps(d, ensure_ascii=False) + "\n" for d in lines)
    print(len(lines), dict(collections.Counter(d["expect"] for d in lines)))


if __name__ == "__main__":
    main(*sys.argv[1:3])
