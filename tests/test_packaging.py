"""packaging/: the desktop entry and AppStream metadata pass their validators, the icon set
matches its SVG source, and the specs ship what the app reads at run time."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tomllib
from pathlib import Path
from xml.etree import ElementTree

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


MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
RAW_FILES = "https://raw.githubusercontent.com/lexsub-studio/lexsub-studio/main/"


def _mime_types() -> dict[str, ElementTree.Element]:
    root = ElementTree.parse(PACKAGING / "mime" / f"{APP_ID}.xml").getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    return {element.get("type", ""): element for element in root.findall(f"{MIME_NS}mime-type")}


def _desktop_mime_types() -> list[str]:
    text = (PACKAGING / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("MimeType="))
    return [name for name in line.removeprefix("MimeType=").split(";") if name]


def test_the_package_has_a_mime_type_of_its_own_known_by_its_extension() -> None:
    package = _mime_types()["application/x-lexsub-package"]
    assert [glob.get("pattern") for glob in package.findall(f"{MIME_NS}glob")] == ["*.lexsubpkg"]
    assert package.find(f"{MIME_NS}sub-class-of").get("type") == "application/zip"
    # A package's first bytes are any ZIP's with manifest.json: magic would claim others' files.
    assert package.find(f"{MIME_NS}magic") is None


def test_the_desktop_entry_claims_only_the_app_s_own_types() -> None:
    claimed = _desktop_mime_types()
    assert claimed and set(claimed) <= set(_mime_types())
    assert not {"application/xml", "text/xml", "application/zip"} & set(claimed)


def _metainfo() -> ElementTree.Element:
    return ElementTree.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()


def test_the_metainfo_homepage_is_the_project_s() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["urls"]
    homepage = _metainfo().find("url[@type='homepage']")
    assert homepage is not None and homepage.text == urls["Homepage"]
    assert RAW_FILES.startswith(urls["Homepage"].replace(
        "https://github.com/", "https://raw.githubusercontent.com/"))


def test_the_metainfo_shows_screenshots_of_the_repository_s_own_images() -> None:
    screenshots = _metainfo().findall("screenshots/screenshot")
    assert len(screenshots) >= 3
    assert [shot.get("type") for shot in screenshots].count("default") == 1
    for shot in screenshots:
        image = shot.find("image")
        assert image is not None and image.text is not None and shot.findtext("caption")
        assert image.text.startswith(RAW_FILES), image.text
        local = ROOT / image.text.removeprefix(RAW_FILES)
        width, height = struct.unpack(">II", local.read_bytes()[16:24])
        assert (image.get("width"), image.get("height")) == (str(width), str(height))


def test_the_metainfo_provides_the_desktop_entry_s_types_and_rates_its_content() -> None:
    metainfo = _metainfo()
    provided = [element.text for element in metainfo.findall("provides/mediatype")]
    assert provided == _desktop_mime_types()
    assert metainfo.find("content_rating").get("type") == "oars-1.1"
    assert metainfo.find("releases/release") is not None


def test_install_desktop_lays_out_the_freedesktop_tree_and_removes_it(tmp_path: Path) -> None:
    program = tmp_path / "my apps" / "lexsub-studio"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    data = tmp_path / "share"
    environment = {**os.environ, "XDG_DATA_HOME": str(data)}
    script = str(PACKAGING / "install-desktop.sh")
    installed = subprocess.run([script, "--exec", str(program)], env=environment,
                               capture_output=True, text=True, timeout=120, check=False)
    assert installed.returncode == 0, installed.stderr
    expected = [data / "applications" / f"{APP_ID}.desktop",
                data / "metainfo" / f"{APP_ID}.metainfo.xml",
                data / "mime" / "packages" / f"{APP_ID}.xml",
                data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"]
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        png = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes() == (PACKAGING / "icons" / f"{size}x{size}" /
                                    f"{APP_ID}.png").read_bytes()
        expected.append(png)
    assert all(path.is_file() for path in expected)
    entry = expected[0].read_text(encoding="utf-8")
    assert f'\nExec="{program}" %f\n' in entry
    if shutil.which("desktop-file-validate"):
        assert _run("desktop-file-validate", str(expected[0])).returncode == 0
    if shutil.which("update-mime-database"):
        globs = (data / "mime" / "globs2").read_text(encoding="utf-8")
        assert "application/x-lexsub-package:*.lexsubpkg" in globs
    removed = subprocess.run([script, "--uninstall"], env=environment, capture_output=True,
                             text=True, timeout=120, check=False)
    assert removed.returncode == 0, removed.stderr
    assert not any(path.exists() for path in expected)


def test_install_desktop_refuses_a_program_that_is_not_there(tmp_path: Path) -> None:
    result = subprocess.run([str(PACKAGING / "install-desktop.sh"), "--exec",
                             str(tmp_path / "missing"), "--prefix", str(tmp_path / "share")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "is not an executable file" in result.stderr
    assert not (tmp_path / "share").exists()


def _install_commands() -> list[str]:
    """The commands of README.md's "Install it" section, in order (its indented blocks)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Install it\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip().split("  #", 1)[0].strip() for line in section.splitlines()
            if line.startswith("    ") and line.strip()]


def test_the_readme_install_steps_work_in_their_order_from_a_clean_clone() -> None:
    commands = _install_commands()
    assert any(command.endswith("-m build") for command in commands)
    made: set[str] = set()
    for command in commands:
        program = command.split()[0]
        if program.startswith(".venv/"):
            assert ".venv" in made, f"{command!r} comes before .venv is made"
        if command.endswith(" -m build"):
            assert "build" in made, f"{command!r} comes before build is installed"
        if command.startswith("pipx install dist/"):
            assert "dist" in made, f"{command!r} comes before the wheel is built"
        if command.endswith("-m venv .venv"):
            made.add(".venv")
        if command.endswith("pip install build"):
            made.add("build")
        if command.endswith("-m build"):
            made.add("dist")
        if program.startswith("packaging/"):
            assert (ROOT / program).is_file(), program
