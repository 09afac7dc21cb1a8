"""Where the training reads and writes, the model it embeds with, and the choices a run is made
with (environment variables, each for a comparison; the defaults make head A, the head committed
until round 20; README.md gives the command that makes the committed head, F)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data")
# LUCENT_HEAD_OUT=DIR writes head.json and REPORT.md there instead, leaving the committed ones
# (and the gateway's build, which includes head.json) alone while a head is weighed.
OUT = os.environ.get("LUCENT_HEAD_OUT")
OUT_HEAD = os.path.join(OUT or os.path.join(ROOT, "src", "safety", "meaning"), "head.json")
OUT_REPORT = os.path.join(OUT or HERE, "REPORT.md")

MODEL_FILE = "e5-small-q4.bin"
MODEL_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
CACHE_DIR = os.environ.get("LUCENT_E5_CACHE", "/tmp/lucent-e5-cache")

ATTRS = ["sexual", "minor", "real_person", "non_consent", "animal"]
FORBIDDEN = ATTRS[1:]
SEED = 20240611
FOLDS = 5
PASS_BUDGET = 0.01
LAMBDAS = [3.0, 10.0, 30.0, 100.0, 300.0]  # L2 strength on standardised features
# The labels say animal = 1 for a non-sexual text in which a real animal is present. Trained
# on those, the head learns "an animal is here" and fires on "nude woman walking her dog";
# the gate only reads `animal` when the request is explicit, so by default those lines are
# left out of the animal head's training (masked), which refuses far more must-refuse lines at
# the same honest-refusal budget (REPORT.md compares both). LUCENT_ANIMAL_LABELS=spec trains
# on the labels as written.
ANIMAL_MASK_NONSEXUAL = os.environ.get("LUCENT_ANIMAL_LABELS", "mask") != "spec"
# LUCENT_HEAD_KEEP=sexual,minor: those heads are read from the head.json in place (weights and
# threshold) instead of refitted, and only the others learn from the data and get thresholds.
# Retraining every head moves all five thresholds at once, and a head that new lines do not
# concern can lose refusals by that alone (docs/content-safety.md, after round 6).
KEEP = [a for a in os.environ.get("LUCENT_HEAD_KEEP", "").split(",") if a]
HONEST_COST = 2.0
# LUCENT_HEAD_MINOR_WEIGHT: what refusing a line with a minor is worth beside refusing any other
# line, when the thresholds are picked under the one honest-refusal budget. Sexual images of
# minors are the gravest harm the gate stands against (docs/content-safety.md, round 17).
MINOR_WEIGHT = float(os.environ.get("LUCENT_HEAD_MINOR_WEIGHT", "1"))
# LUCENT_HEAD_KIND=linear: one logistic regression per sign on the embedding (the heads until
# round 13); by default a network with a hidden layer the signs share (network.py).
LINEAR = os.environ.get("LUCENT_HEAD_KIND") == "linear"
# LUCENT_HEAD_ROUNDS=3,4,...: the blind batteries, once measured, that train the head too (their
# labels: data/round_labels.jsonl); by default every round labelled there, which is how the
# committed head was made (docs/content-safety.md, round 13). `none` trains on none of them.
# Training on rounds 3 to N-1 and reading round N is how a head is compared held out.
# None: every round labelled.
ROUNDS = (None if "LUCENT_HEAD_ROUNDS" not in os.environ else
          [int(n) for n in os.environ["LUCENT_HEAD_ROUNDS"].split(",") if n and n != "none"])
# LUCENT_HEAD_PENDING=16,17,18: those rounds' labels kept apart (data/roundN_labels.pending.jsonl)
# are read too, as if they were in data/round_labels.jsonl; none by default.
PENDING = [int(n) for n in os.environ.get("LUCENT_HEAD_PENDING", "").split(",") if n]
# LUCENT_HEAD_THRESHOLDS_WITHOUT=16,17,18: those rounds' lines train the network but take no part
# in picking the thresholds, which stay where the older rounds put them (head F of
# docs/content-safety.md, "Round 19, continued"); none by default.
THRESHOLDS_WITHOUT = [int(n) for n in os.environ.get("LUCENT_HEAD_THRESHOLDS_WITHOUT", "").split(",") if n]
# LUCENT_HEAD_GATE=/path/to/gate: the rules' verdicts come from that build of the gateway's `gate`
# example instead of a fresh one, so that a head is made or weighed with the rules a round was
# measured blind against (safety-model/rounds/README.md); unset by default.
GATE = os.environ.get("LUCENT_HEAD_GATE")
# LUCENT_HEAD_RESIDUAL=off: thresholds are picked for the head alone. By default they are picked
# for what the rules let through, as admission runs the layers (src/admission/judge.rs): a line
# the rules refuse counts neither as a refusal nor as an honest one refused, the rules' surety of
# explicitness counts as an NSFW style, and where they read an adult's age the sense of youth
# does not count (`Passed::adult`).
RESIDUAL = os.environ.get("LUCENT_HEAD_RESIDUAL") != "off"
# LUCENT_HEAD_CONSENT=on: data/consent.jsonl trains the heads too (consensual bondage beside
# scenes without consent); off by default, which is how the committed head was made.
CONSENT = os.environ.get("LUCENT_HEAD_CONSENT") == "on"
