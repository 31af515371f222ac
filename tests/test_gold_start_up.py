"""`lexsub gold` on a small input imports only what its work needs: every module a short run
imports is paid for at each start, and some cost more than the pooling itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: Imported by nothing a gold run needs: numpy.ma by ``np.unique`` without indices (it asks
#: whether the array is masked), secrets (hmac, hashlib) for one random journal name.
NOT_NEEDED = ("numpy.ma", "secrets", "hmac", "hashlib")

PROBE = ("import sys\nfrom lexsub_studio.cli.main import main\n"
         "try:\n    main()\nexcept SystemExit:\n    pass\n"
         f"print('imported:', *(name for name in {NOT_NEEDED!r} if name in sys.modules),"
         " file=sys.stderr)\n")


def _responses(path: Path, annotator: str, answers: list[tuple[str, str]]) -> None:
    rows = "".join(f"walk.v\t{number}\t{annotator}\t{first}\t{second}\t\t\t0\t0\t\t12\n"
                   for number, (first, second) in enumerate(answers, 1))
    path.write_text("# lexsub-responses 1\n"
                    "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name"
                    "\tcomment\tseconds\n" + rows, encoding="utf-8")


def test_a_gold_run_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    _responses(tmp_path / "ann.tsv", "ann", [("stroll", "amble"), ("hike", "trek")])
    _responses(tmp_path / "bo.tsv", "bo", [("stroll", "wander"), ("trek", "march")])
    gold = tmp_path / "gold"
    done = subprocess.run([sys.executable, "-c", PROBE, "gold", str(tmp_path / "ann.tsv"),
                           str(tmp_path / "bo.tsv"), "-o", str(gold)],
                          capture_output=True, text=True, timeout=120)
    assert gold.read_text(encoding="utf-8").splitlines() == [
        "walk.v 1 :: stroll 2;amble 1;wander 1;", "walk.v 2 :: trek 2;hike 1;march 1;"]
    assert done.stderr.strip().splitlines()[-1] == "imported:"
