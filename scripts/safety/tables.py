"""Writes the tables of src/safety/clip_text/ from CPython 3.11's own: entities.tsv, the HTML5
named references of `html.entities.html5` (name, tab, the code points in hex), and tables.rs:
the upper halves (bytes 0x80-0xFF) of the single-byte
encodings whose mojibake ftfy 6.3 repairs, "sloppy" as ftfy reads them (a byte the code page
leaves undefined is the Latin-1 character of the same value). Run: python3 scripts/safety/tables.py
"""
import html.entities
import pathlib
import sys

assert sys.version_info[:2] == (3, 11), "the tables are CPython 3.11's"

# ftfy's CHARMAP_ENCODINGS but Latin-1, which is Windows-1252's page with its C1 controls.
ENCODINGS = [
    ("WINDOWS_1252", "cp1252"),
    ("WINDOWS_1251", "cp1251"),
    ("WINDOWS_1250", "cp1250"),
    ("WINDOWS_1253", "cp1253"),
    ("WINDOWS_1254", "cp1254"),
    ("WINDOWS_1257", "cp1257"),
    ("ISO_8859_2", "iso8859_2"),
    ("MAC_ROMAN", "mac_roman"),
    ("CP437", "cp437"),
]

out = [
    "//! Written by scripts/safety/tables.py from CPython 3.11: the characters of bytes 0x80-0xFF",
    "//! in the code pages whose mojibake the gate repairs (a byte the page leaves undefined is the",
    "//! Latin-1 character of that value, as ftfy's sloppy codecs read it), and the decimal digits.",
    "",
]
for const, codec in ENCODINGS:
    chars = []
    for b in range(0x80, 0x100):
        try:
            c = bytes([b]).decode(codec)
        except UnicodeDecodeError:
            c = chr(b)
        chars.append("'\\u{%04X}'" % ord(c))
    out.append("#[rustfmt::skip]")
    out.append(f"pub const {const}: [char; 128] = [")
    for i in range(0, 128, 8):
        out.append("    " + ", ".join(chars[i:i + 8]) + ",")
    out.append("];")
    out.append("")
# Python's `\d` in a str pattern: the decimal digits (Nd) of CPython 3.11's Unicode (14.0).
import unicodedata

ranges = []
for cp in range(0x110000):
    if unicodedata.category(chr(cp)) == "Nd":
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
out.append("/// Unicode's decimal digits (Nd), which Python's `\\d` matches, as ranges.")
out.append("#[rustfmt::skip]")
out.append(f"pub const DECIMAL_DIGITS: [(char, char); {len(ranges)}] = [")
for i in range(0, len(ranges), 4):
    out.append("    " + " ".join("('\\u{%04X}', '\\u{%04X}')," % (a, b) for a, b in ranges[i:i + 4]))
out.append("];")
out.append("")

folder = pathlib.Path(__file__).resolve().parents[2] / "src/safety/clip_text"
(folder / "tables.rs").write_text("\n".join(out))
(folder / "entities.tsv").write_text(
    "".join(
        name + "\t" + " ".join("%X" % ord(c) for c in value) + "\n"
        for name, value in sorted(html.entities.html5.items())
    )
)
