"""xcheck_common.py - what the cross-check scripts share: the text of a
page of docs/ with its whitespace folded (so a quoted count may wrap), and
the closing line, the $DCNET_TALLY entry and the exit status."""
import os
import sys


def doc_text(name):
    """docs/NAME with every run of whitespace one space."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", name)
    with open(path) as f:
        return " ".join(f.read().split())


def finish(label, passed, failed, extra=""):
    """Prints 'LABEL: N passed, M failed', adds the pair to $DCNET_TALLY
    (make check's total) and returns the exit status."""
    print(f"{label}: {passed} passed, {failed} failed{extra}")
    tally = os.environ.get("DCNET_TALLY")
    if tally:
        with open(tally, "a") as f:
            f.write(f"{passed} {failed}\n")
    sys.stdout.flush()
    return 0 if failed == 0 else 1
