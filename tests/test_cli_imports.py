"""Each command imports only what its work needs: on small inputs a command's time is mostly
start-up, and pandas alone costs 0.25-0.5 s of it (docs/performance.md, "Small inputs").

Each case runs the command in a fresh interpreter and lists the heavy modules it loaded; no
timing is measured here (benchmarks/bench_small_inputs.py prints the times).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "data" / "demo"
RESPONSES = sorted(str(path) for path in (DEMO / "responses").glob("*.tsv"))
#: Modules that cost a small run more than its work does.
HEAVY = ("pandas", "matplotlib", "lxml", "nltk", "psycopg", "PySide6", "scipy")

CHILD = r"""
import contextlib, io, json, sys
from lexsub_studio.cli.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(json.loads(sys.argv[1]))
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(sys.argv[2])))
print(json.dumps({"code": code, "heavy": heavy}))
"""


def heavy_imports(arguments: list[str], cwd: Path,
                  modules: tuple[str, ...] = HEAVY) -> tuple[int, list[str]]:
    """The exit status of ``lexsub ARGUMENTS`` and which of ``modules`` it imported."""
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(arguments),
                           json.dumps(modules)],
                          capture_output=True, text=True, cwd=cwd, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["code"], result["heavy"]


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--format", "json"], ["--anonymise", "--format", "json"]])
def test_agree_prints_its_report_without_pandas(tmp_path: Path, extra: list[str]) -> None:
    code, heavy = heavy_imports(["agree", *RESPONSES, *extra], tmp_path)
    assert code == 0
    assert heavy == []


@pytest.mark.slow
def test_agree_by_lexelt_still_builds_its_table_with_pandas(tmp_path: Path) -> None:
    # The grouped tables are DataFrames: pandas is loaded where the work needs it.
    code, heavy = heavy_imports(["agree", *RESPONSES, "--by", "lexelt"], tmp_path)
    assert code == 0
    assert "pandas" in heavy


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--format", "json"]])
def test_stats_prints_its_table_without_pandas(tmp_path: Path, extra: list[str]) -> None:
    code, heavy = heavy_imports(["stats", str(DEMO / "demo.xml"), str(DEMO / "gold"),
                                 str(DEMO / "gold.mw"), *RESPONSES, *extra], tmp_path)
    assert code == 0
    assert heavy == ["lxml"]  # the corpus reader's parser, which the work needs


def test_stats_rows_and_their_dataframe_hold_the_same_values() -> None:
    from lexsub_studio.core.dataset.stats import COLUMNS, dataset_stats
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.present.tables import records

    stats = dataset_stats(read_corpus(DEMO / "demo.xml").corpus, read_gold(DEMO / "gold").items)
    assert records(stats.row_table()) == records(stats.table)
    assert list(stats.table.columns) == list(COLUMNS)


def test_compare_tests_two_systems_without_pandas(tmp_path: Path) -> None:
    systems = DEMO / "systems"
    code, heavy = heavy_imports(["compare", str(systems / "alpha.best"),
                                 str(systems / "beta.best"), str(DEMO / "gold"),
                                 "--samples", "200"], tmp_path)
    assert code == 0
    assert heavy == []


def test_judge_pool_writes_its_gold_without_numpy(tmp_path: Path) -> None:
    from judgement_files import DEMO_CORPUS, write_demo_judgements

    paths = [str(path) for path in write_demo_judgements(tmp_path)]
    code, loaded = heavy_imports(["judge", "pool", *paths, "--corpus", str(DEMO_CORPUS),
                                  "-o", str(tmp_path / "pooled")], tmp_path, ("numpy", *HEAVY))
    assert code == 0
    assert loaded == ["lxml"]  # the corpus reader's parser
    assert (tmp_path / "pooled.gold").read_text(encoding="utf-8").count("::") > 0
