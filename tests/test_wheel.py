"""`python -m build` gives a wheel and an sdist with the data inside, and the wheel installs
into a fresh virtual environment where `lexsub` and the self-test work.

Building takes some 30 s and installing the dependencies into a fresh environment over a
minute, so these run with `make wheel-test` (.ci/run runs it after `make test`), not in
`make test`: set LEXSUB_WHEEL_TEST=1 to run them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from lexsub_studio import __version__

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("LEXSUB_WHEEL_TEST") != "1",
                       reason="set LEXSUB_WHEEL_TEST=1 (make wheel-test): builds and installs"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    return (next(out.glob(f"lexsub_studio-{__version__}-*.whl")),
            next(out.glob(f"lexsub_studio-{__version__}.tar.gz")))


def test_the_wheel_and_sdist_hold_the_data_and_the_docs(built: tuple[Path, Path]) -> None:
    wheel, sdist = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for member in ("lexsub_studio/data/demo/demo.xml", "lexsub_studio/data/demo/gold",
                   "lexsub_studio/resources/guidelines/default.md",
                   "lexsub_studio/resources/icons/lexsub-studio.svg",
                   "lexsub_studio/docs/demo.md", "lexsub_studio/docs/img/annotate.png"):
        assert member in names, member
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    with tarfile.open(sdist) as archive:
        sdist_names = set(archive.getnames())
    prefix = f"lexsub_studio-{__version__}/"
    for member in ("data/demo/gold", "docs/demo.md", "docs/img/annotate.png", "LICENSE",
                   "resources/guidelines/default.md"):
        assert prefix + member in sdist_names, member


def test_the_metadata_names_its_licence_in_spdx_and_passes_twine_check(
        built: tuple[Path, Path]) -> None:
    wheel, sdist = built
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"lexsub_studio-{__version__}.dist-info/METADATA").decode()
    headers = metadata.split("\n\n", 1)[0].splitlines()
    assert "License-Expression: MIT" in headers and "License-File: LICENSE" in headers
    # The deprecated forms: a free-text License field and a licence classifier.
    assert not [line for line in headers if line.startswith(("License:", "Classifier: License"))]
    homepage = "Project-URL: Homepage, https://github.com/lexsub-studio/lexsub-studio"
    assert homepage in headers
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel),
                              str(sdist)], capture_output=True, text=True, timeout=300,
                             check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2, checked.stdout


def test_the_wheel_installs_into_a_fresh_environment_and_works(
        built: tuple[Path, Path], tmp_path: Path) -> None:
    wheel, _ = built
    environment_dir = tmp_path / "venv"
    venv.create(environment_dir, with_pip=True)
    bin_dir = environment_dir / "bin"
    # pip's cache makes the dependencies a local copy after the first run.
    # Without PYTHONPATH: a checkout on it holds the lexsub_studio.egg-info the build left,
    # and pip would take that for lexsub-studio installed already and install nothing.
    clean = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                   check=True, capture_output=True, timeout=900, env=clean)
    scratch = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
               "LEXSUB_STUDIO_HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"}

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, capture_output=True, text=True, env=scratch,
                              cwd=tmp_path, timeout=300, check=False)

    helped = run(str(bin_dir / "lexsub"), "--help")
    assert helped.returncode == 0 and "score a system file against a gold file" in helped.stdout
    located = run(str(bin_dir / "python"), "-c",
                  "from lexsub_studio.paths import demo_dir; print(demo_dir())")
    demo = Path(located.stdout.strip())
    assert demo.is_relative_to(environment_dir)  # the installed copy, not this checkout
    scored = run(str(bin_dir / "lexsub"), "score", str(demo / "systems" / "alpha.best"),
                 str(demo / "gold"))
    assert scored.returncode == 0, scored.stderr
    assert "precision = 35.98, recall = 35.98" in scored.stdout
    copied = run(str(bin_dir / "lexsub"), "demo", "my-demo")
    assert copied.returncode == 0, copied.stderr
    assert "  lexsub score my-demo/systems/alpha.best my-demo/gold -v" in copied.stdout
    rescored = run(str(bin_dir / "lexsub"), "score", "my-demo/systems/alpha.best", "my-demo/gold")
    assert rescored.stdout == scored.stdout
    tested = run(str(bin_dir / "lexsub-studio"), "--self-test")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert tested.stdout.splitlines()[-1].startswith("self-test passed")
