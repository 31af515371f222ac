"""packaging/: the desktop entry and AppStream metadata pass their validators, the icon set
matches its SVG source, and the specs ship what the app reads at run time."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.lexsub_studio.LexSubStudio"


def _run(tool: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (.ci/run installs it)")
    return subprocess.run([tool, *arguments], capture_output=True, text=True, check=False,
                          timeout=60)


def test_the_desktop_entry_passes_desktop_file_validate() -> None:
    result = _run("desktop-file-validate", str(PACKAGING / f"{APP_ID}.desktop"))
    # The validator prints hints too (a second main category ...): none is tolerated.
    assert (result.returncode, result.stdout.strip()) == (0, "")


def test_the_appstream_metadata_passes_appstreamcli_validate() -> None:
    result = _run("appstreamcli", "validate", "--no-net",
                  str(PACKAGING / f"{APP_ID}.metainfo.xml"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_appstream_metadata_names_the_desktop_entry_and_the_version() -> None:
    from lexsub_studio import __version__

    text = (PACKAGING / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert f"<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>" in text
    assert f"<release version=\"{__version__}\"" in text


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_every_icon_size_is_a_png_of_that_size(size: int) -> None:
    data = (PACKAGING / "icons" / f"{size}x{size}" / f"{APP_ID}.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (size, size)


def test_the_scalable_icon_is_the_app_s_svg() -> None:
    assert (PACKAGING / "icons" / "scalable" / f"{APP_ID}.svg").read_bytes() == \
        (ROOT / "resources" / "icons" / "lexsub-studio.svg").read_bytes()


def test_the_desktop_entry_names_the_icon_set() -> None:
    text = (PACKAGING / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Icon={APP_ID}\n" in text and "Exec=lexsub-studio %f\n" in text


def test_the_specs_ship_the_data_the_app_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is installed by `make bundle`")
    monkeypatch.syspath_prepend(str(PACKAGING))
    import bundle_common

    targets = {(Path(source).name, target) for source, target in bundle_common.data_files()}
    for expected in [("demo.xml", "lexsub_studio/data/demo"), ("demo.md", "lexsub_studio/docs"),
                     ("default.md", "lexsub_studio/resources/guidelines"),
                     ("judging.md", "lexsub_studio/resources/guidelines"),
                     ("lexsub-studio.svg", "lexsub_studio/resources/icons"),
                     ("annotate.png", "lexsub_studio/docs/img"), ("LICENSE", "lexsub_studio"),
                     ("LGPL-3.0.txt", "lexsub_studio/resources/licences")]:
        assert expected in targets
    assert any(target.startswith("lemminflect") for _, target in targets)
    assert ("de.plzma", "simplemma/strategies/dictionaries/data") in targets
    assert not any("__pycache__" in source for source, _ in bundle_common.data_files())
    excluded = bundle_common.excluded_modules()
    for module in ("PySide6.QtWebEngineCore", "PySide6.Qt3DCore", "PySide6.QtQuick"):
        assert module in excluded
    for spec in ("lexsub-studio.spec", "lexsub-studio-windows.spec",
                 "lexsub-studio-macos.spec"):
        compile((PACKAGING / spec).read_text(encoding="utf-8"), spec, "exec")
