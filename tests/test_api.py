"""The public API (lexsub_studio.api): its doctest examples run on the bundled demo data, every
name it exports exists and is documented, it loads no Qt, and its type hints ship (py.typed)."""

from __future__ import annotations

import doctest
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from lexsub_studio import api
from lexsub_studio.core.present import signature

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("module", [api, signature], ids=lambda module: module.__name__)
def test_the_docstring_examples_hold(module: object) -> None:
    result = doctest.testmod(module, report=True)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_exported_name_exists_and_every_function_is_documented() -> None:
    for name in api.__all__:
        value = getattr(api, name)
        assert value.__doc__, f"api.{name} has no docstring"
    functions = ["read_corpus", "read_gold", "read_system", "score_clean", "score_official",
                 "agreement", "pool_gold", "demo_path"]
    assert set(functions) <= set(api.__all__)
    for name in functions:
        assert ">>>" in (getattr(api, name).__doc__ or ""), f"api.{name} has no example"


def test_the_api_loads_no_qt() -> None:
    code = "import sys, lexsub_studio.api; print(any(m.startswith('PySide6') for m in sys.modules))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout
    assert output.strip() == "False"


def test_the_type_hints_ship_with_the_package() -> None:
    assert (ROOT / "lexsub_studio" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["lexsub_studio"]


def test_a_clean_score_and_the_official_one_carry_their_signatures() -> None:
    gold = api.demo_path("gold")
    clean = api.score_clean(api.demo_path("systems/alpha.best"), gold,
                            keep_defects=["spelling"], penalty=0.5)
    assert "|mode:clean|kind:best|" in clean.signature
    assert "|keep:spelling|penalty:0.5|" in clean.signature
    official = api.score_official(api.demo_path("systems/alpha.oot"), gold, task="oot",
                                  release="trial")
    assert official.signature.endswith("|mode:official|kind:oot|release:trial")
    assert official.exit_code == 0


def test_a_pooled_gold_is_the_bundled_demo_gold() -> None:
    pooled = api.pool_gold(sorted(api.demo_path("responses").glob("*.tsv")))
    assert pooled.text == api.demo_path("gold").read_text(encoding="utf-8")
    assert pooled.multiword_text == api.demo_path("gold.mw").read_text(encoding="utf-8")


def test_an_unreadable_file_is_an_input_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(api.InputError) as raised:
        api.score_clean(tmp_path / "missing.best", api.demo_path("gold"))
    assert "missing.best" in str(raised.value)
