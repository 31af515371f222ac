"""The built standalone app (`make bundle-test`, or `make release-bundle-test`, which .ci/run
runs after `make test`).

Skipped unless LEXSUB_BUNDLE_TEST=1: building takes a few minutes, the suite seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from lexsub_studio import __version__

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "lexsub-studio"
INTERNAL = BUNDLE / "app" / "_internal"
NAME = "lexsub-studio"
#: The archive a user downloads (packaging/README.md quotes its size).
MAX_ARCHIVE_BYTES = 100_000_000

pytestmark = pytest.mark.skipif(os.environ.get("LEXSUB_BUNDLE_TEST") != "1",
                                reason="set LEXSUB_BUNDLE_TEST=1 after `make bundle`")


@pytest.fixture(scope="module")
def bundle_linux():
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import bundle_linux
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    return bundle_linux


def _run(program: str, *arguments: str, home: Path,
         path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess[str]:
    # Nothing of the build machine's Python may leak in: a bare environment with a scratch home.
    environment = {"PATH": path, "HOME": str(home), "LANG": "C.UTF-8",
                   "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([str(BUNDLE / program), *arguments], capture_output=True, text=True,
                          env=environment, cwd=home, timeout=300, check=False)


def test_the_bundle_s_self_test_passes_offscreen(tmp_path: Path) -> None:
    result = _run("lexsub-studio", "--self-test", home=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("self-test passed")


def test_the_bundle_s_command_line_scores_the_demo(tmp_path: Path) -> None:
    demo = INTERNAL / "lexsub_studio" / "data" / "demo"
    result = _run("lexsub", "score", str(demo / "systems" / "alpha.best"), str(demo / "gold"),
                  home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "precision = 35.98, recall = 35.98" in result.stdout


def test_the_bundle_holds_lemminflect_s_data_and_no_unused_qt_module() -> None:
    internal = INTERNAL
    assert list((internal / "lemminflect" / "resources").glob("*"))
    assert (internal / "simplemma" / "strategies" / "dictionaries" / "data" / "de.plzma").is_file()
    names = {path.name for path in (internal / "PySide6").rglob("*")}
    for unused in ("QtWebEngineCore", "Qt3DCore", "QtQuick", "QtQml"):
        assert not any(unused in name for name in names), unused


def test_the_archive_holds_the_bundle() -> None:
    archives = list((ROOT / "dist").glob(f"lexsub-studio-{__version__}-linux-*.tar.xz"))
    assert len(archives) == 1
    with tarfile.open(archives[0]) as archive:
        names = set(archive.getnames())
    assert {"lexsub-studio/lexsub-studio", "lexsub-studio/lexsub",
            "lexsub-studio/app/lexsub-studio", "lexsub-studio/LICENSES/INDEX.tsv"} <= names
    assert archives[0].stat().st_size < MAX_ARCHIVE_BYTES


def test_every_library_in_the_bundle_has_its_licence_in_licenses(bundle_linux) -> None:
    assert bundle_linux.unlisted_libraries(INTERNAL, bundle_linux.load_mapping()) == []
    licences = BUNDLE / "LICENSES"
    index = (licences / "INDEX.tsv").read_text(encoding="utf-8")
    for component in ("CPython", "OpenSSL", "libpq (PostgreSQL client, in psycopg-binary)",
                      "MIT Kerberos (in psycopg-binary)", "OpenLDAP (in psycopg-binary)",
                      "Qt 6 (through PySide6)", "ICU (in PySide6's Qt)"):
        assert f"\t{component}\t" in index, component
    openssl = (licences / "OpenSSL.txt").read_text(encoding="utf-8")
    assert "Apache License" in openssl
    assert "Python Software Foundation" in (licences / "CPython.txt").read_text(encoding="utf-8")


def test_the_bundle_needs_exactly_the_c_library_its_launchers_check(bundle_linux) -> None:
    needed, needing = bundle_linux.required_glibc(BUNDLE / "app")
    # Higher: the launcher would let a system through that the loader then refuses; lower:
    # the launcher refuses systems the bundle would start on.
    for program in bundle_linux.PROGRAMS:
        launcher = (BUNDLE / program).read_text(encoding="utf-8")
        assert f'minimum="{needed[0]}.{needed[1]}"\n' in launcher, needing
    # A release's build (make release-bundle) names the newest it may need.
    release = os.environ.get("LEXSUB_BUNDLE_GLIBC")
    if release:
        assert needed <= tuple(map(int, release.split("."))), needing


def test_the_bundle_leaves_the_system_s_libraries_to_the_system() -> None:
    names = {path.name for path in INTERNAL.iterdir()}
    for system_library in ("libstdc++.so.6", "libgcc_s.so.1", "libexpat.so.1", "libX11.so.6",
                           "libglib-2.0.so.0", "libcairo.so.2", "libpango-1.0.so.0",
                           "libkrb5.so.3", "libfontconfig.so.1", "libxkbcommon.so.0"):
        assert system_library not in names, system_library


def test_the_command_line_starts_without_qt(tmp_path: Path) -> None:
    # The dynamic loader names every library it loads (LD_DEBUG, glibc's own tracing).
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
                   "LD_DEBUG": "files"}
    command_line = subprocess.run([str(BUNDLE / "lexsub"), "--version"], capture_output=True,
                                  text=True, env=environment, timeout=120, check=False)
    assert command_line.returncode == 0 and __version__ in command_line.stdout
    assert f"{INTERNAL}/libpython3" in command_line.stderr  # the trace works
    assert "libQt6Core" not in command_line.stderr and "ft2font" not in command_line.stderr
    # CPython's interpreter, not PyInstaller's program (which starts twice on Linux).
    assert f"initialize program: {INTERNAL}/python" in command_line.stderr
    assert f"initialize program: {BUNDLE}/app/{NAME}" not in command_line.stderr


def test_the_command_line_runs_on_the_bundle_s_interpreter_and_modules_only(
        tmp_path: Path) -> None:
    probe = ("import json, sys, sqlite3, ssl, lzma, numpy, pandas, lexsub_studio\n"
             "maps = {line.split()[-1] for line in open('/proc/self/maps') if '.so' in line}\n"
             "print(json.dumps({'flags': [sys.flags.isolated, sys.flags.no_site],\n"
             "    'path': sys.path, 'libraries': sorted(maps), 'modules': [module.__file__\n"
             "    for module in (numpy, pandas, lexsub_studio)]}))\n")
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
                   # What the lexsub launcher gives it; PYTHONPATH is what it must not see.
                   "LD_LIBRARY_PATH": str(INTERNAL), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([str(INTERNAL / "python"), "-B", "-c", probe], capture_output=True,
                            text=True, env=environment, cwd=tmp_path, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["flags"] == [1, 1]  # isolated, no site-packages
    assert seen["path"] == [str(INTERNAL), str(INTERNAL / "python3.11" / "lib-dynload")]
    assert all(module.startswith(f"{INTERNAL}/") for module in seen["modules"])
    for library in ("libpython3.11.so", "libsqlite3.so", "libssl.so", "libcrypto.so",
                    "liblzma.so"):
        loaded = [path for path in seen["libraries"] if f"/{library}" in path]
        assert loaded and all(path.startswith(f"{INTERNAL}/") for path in loaded), library


def test_the_bundle_s_command_line_copies_the_demo_and_pools_and_agrees_on_it(
        tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    copied = _run("lexsub", "demo", str(demo), home=tmp_path)
    assert copied.returncode == 0, copied.stderr
    responses = sorted(str(path) for path in (demo / "responses").glob("*"))
    assert responses
    pooled = _run("lexsub", "gold", *responses, "-o", str(tmp_path / "pooled"),
                  home=tmp_path)
    assert pooled.returncode == 0, pooled.stderr
    agreed = _run("lexsub", "agree", *responses, home=tmp_path)
    assert agreed.returncode == 0, agreed.stderr
    assert "pairwise" in agreed.stdout.lower()


def test_the_launcher_refuses_an_older_c_library_before_the_program_starts(
        tmp_path: Path) -> None:
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "getconf").write_text("#!/bin/sh\necho 'glibc 2.31'\n")
    (fake_bin / "getconf").chmod(0o755)
    result = _run("lexsub", "--version", home=tmp_path, path=f"{fake_bin}:/usr/bin:/bin")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("LexSub Studio needs the GNU C library (glibc) ")
    assert result.stderr.endswith("this system has glibc 2.31.\n")


def test_the_wheels_libraries_are_copied_as_they_are_and_python_s_are_stripped() -> None:
    # Stripping numpy's OpenBLAS again made it fail to load on glibc 2.35 (Ubuntu 22.04).
    import numpy

    installed = Path(numpy.__file__).resolve().parent.parent / "numpy.libs"
    for library in installed.iterdir():
        assert (INTERNAL / "numpy.libs" / library.name).read_bytes() == library.read_bytes()
    libpython = next(INTERNAL.glob("libpython3*.so.1.0"))
    sections = subprocess.run(["readelf", "-S", str(libpython)],
                              capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections
