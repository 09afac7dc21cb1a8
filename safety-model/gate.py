"""The gateway's `gate` example (examples/gate.rs): the rules' verdict on prompts, a line each."""
import subprocess


def verdicts(gate, style, prompts):
    """The `gate` build's line for each prompt on `style`, whitespace collapsed as admission
    reads it."""
    text = "".join(" ".join(p.split()) + "\n" for p in prompts)
    lines = subprocess.run([gate, style], input=text.encode(), capture_output=True,
                           check=True).stdout.decode().splitlines()
    assert len(lines) == len(prompts), (style, len(lines), len(prompts))
    return lines
