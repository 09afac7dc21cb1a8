"""How a prompt is read before it is embedded, the same way the gateway reads it: whitespace
collapsed, without the tags that only say how an image is made and the painters named for a
manner, and phrase by phrase."""
import json
import os
import re

from settings import ROOT


def clean(text):
    """The text that is embedded: whitespace collapsed to single spaces, stripped."""
    return " ".join(text.split())


# Tags that say how an image is made are left out before the head reads a prompt
# (src/safety/meaning/tags.rs and neutral_tags.txt, the same rule).
NEUTRAL_FILE = os.path.join(ROOT, "src", "safety", "meaning", "neutral_tags.txt")
BRACKETS = "()[]{} "
WEIGHT = re.compile(r"[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|inf|infinity|nan)", re.I)


def tag_key(tag):
    bare = tag.strip(BRACKETS)
    head, sep, weight = bare.rpartition(":")
    if sep and weight and WEIGHT.fullmatch(weight.strip()):
        bare = head
    bare = bare.strip(BRACKETS).lower().replace("_", " ")
    bare = "".join("0" if "0" <= c <= "9" else c for c in bare)
    return " ".join(bare.split())


NEUTRAL = {tag_key(line.strip()) for line in open(NEUTRAL_FILE, encoding="utf-8")
           if line.strip() and not line.strip().startswith("#")}


def stamp(word):
    """A string of no language (src/safety/meaning/tags.rs, the same rule): an id, a hash, a
    stamp, a UUID."""
    word = word.strip("".join(chr(c) for c in range(128) if not chr(c).isalnum()))
    digits = sum(c.isascii() and c.isdigit() for c in word)
    letters = sum(c.isascii() and c.isalpha() for c in word)
    return (len(word) >= 6 and all(c.isascii() and (c.isalnum() or c in "-_") for c in word)
            and digits >= 3 and letters >= 2)


# Painters and photographers named for a manner (src/safety/meaning/artists.rs, artists.txt
# and style_words.json, the same rule): a style word and a listed name are left out.
ARTISTS_FILE = os.path.join(ROOT, "src", "safety", "meaning", "artists.txt")
ARTISTS = sorted({l.strip().lower() for l in open(ARTISTS_FILE, encoding="utf-8")
                  if l.strip() and not l.startswith("#")}, key=len, reverse=True)
with open(os.path.join(ROOT, "src", "safety", "meaning", "style_words.json"), encoding="utf-8") as f:
    STYLE_WORDS = json.load(f)
STYLE_BEFORE, STYLE_AFTER = STYLE_WORDS["before"], STYLE_WORDS["after"]


def artist_reference(text):
    lower = text.lower()
    if len(lower.encode()) != len(text.encode()) or len(lower) != len(text):
        return None
    for name in ARTISTS:
        at = lower.find(name)
        while at >= 0:
            end = at + len(name)
            whole = (at == 0 or not lower[at - 1].isalnum()) and (end == len(lower) or not lower[end].isalnum())
            if whole:
                before = lower[:at].rstrip()
                for m in STYLE_BEFORE:
                    if before.endswith(m) and (len(before) == len(m) or not before[-len(m) - 1].isalnum()):
                        return len(before) - len(m), end
                after = lower[end:]
                for m in STYLE_AFTER:
                    if after.startswith(m) and not (len(after) > len(m) and after[len(m)].isalnum()):
                        return at, end + len(m)
            at = lower.find(name, at + 1)
    return None


def unnamed(text):
    """`text` without its style references to listed artists."""
    while (span := artist_reference(text)) is not None:
        text = text[:span[0]] + text[span[1]:]
    return " ".join(text.split())


def content(text):
    """The comma-separated pieces (Latin, CJK and Arabic commas) of a cleaned text without its
    style references to listed artists, the neutral tags and stamps, joined by ", "; a text of
    neutral tags and stamps alone stays whole."""
    text = unnamed(text)
    kept = [" ".join(w for w in p.split() if not stamp(w)) for p in re.split("[,，、،]", text)]
    kept = [p for p in kept if p and tag_key(p) not in NEUTRAL]
    return ", ".join(kept) if kept else text


# A prompt is read whole and phrase by phrase (src/safety/meaning/parts.rs, the same rule): a
# forbidden sign in one phrase of a long list of tags is diluted in the whole text's embedding.
PART_MARKS = set(",.;:!?|()[]{}\n、。，；：！？·")
MAX_PARTS = 12


def parts(text):
    """The phrases of a cleaned text, split at PART_MARKS; none for a single phrase. Past
    MAX_PARTS, neighbours are joined in pairs (", ") until they fit."""
    segments, current = [], []
    for ch in text + ",":
        if ch in PART_MARKS:
            segment = clean("".join(current))
            if segment:
                segments.append(segment)
            current = []
        else:
            current.append(ch)
    if len(segments) < 2:
        return []
    while len(segments) > MAX_PARTS:
        segments = [", ".join(segments[i:i + 2]) for i in range(0, len(segments), 2)]
    out = []
    for segment in segments:
        if segment != text and segment not in out:
            out.append(segment)
    return out
