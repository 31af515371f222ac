"""packaging/: the desktop entry and AppStream metadata pass their validators, the icon set
matches its SVG source, and the specs ship what the app reads at run time."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
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
# The Linux bundle's finishing steps (packaging/bundle_linux.py), on a fake folder.

FAKE_ELF = b"\x7fELF" + bytes(60)


@pytest.fixture
def bundle_linux(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(PACKAGING))
    import bundle_linux

    return bundle_linux


def _fake_bundle(root: Path, libraries: list[str]) -> Path:
    internal = root / "app" / "_internal"
    for library in libraries:
        path = internal / library
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(FAKE_ELF)
    # Not shared libraries: data, a Python module, a text file named like a library.
    (internal / "numpy").mkdir(parents=True, exist_ok=True)
    (internal / "numpy" / "__init__.pyc").write_bytes(b"\x00")
    (internal / "notes.so.txt").write_text("not a library", encoding="utf-8")
    (internal / "fake.so").write_text("not an ELF file", encoding="utf-8")
    return root


def test_a_bundled_library_without_a_licence_stops_the_build(
        bundle_linux, tmp_path: Path) -> None:
    bundle = _fake_bundle(tmp_path, ["libssl.so.3", "numpy.libs/libopenblas-1234.so",
                                     "libmystery.so.2", "PySide6/Qt/lib/libQt6Core.so.6"])
    components = bundle_linux.load_mapping()
    assert bundle_linux.unlisted_libraries(bundle / "app" / "_internal", components) == [
        "libmystery.so.2"]
    with pytest.raises(bundle_linux.BundleError, match=r"1 shared libraries .* libmystery\.so\.2"):
        bundle_linux.finish(bundle, components)
    assert not (bundle / "LICENSES").exists()


def test_the_mapping_claims_psycopg_s_vendored_libraries_and_the_interpreter(
        bundle_linux, tmp_path: Path) -> None:
    psycopg = ["libpq-e9b5c9ac.so.5.18", "libssl-6a9b.so.3", "libcrypto-3a06.so.3",
               "libkrb5-f18b.so.3.3", "libldap-fb84.so.2.0.200", "libsasl2-8421.so.3.0.0",
               "libgssapi_krb5-9230.so.2.2"]
    vendored = [f"psycopg_binary.libs/{name}" for name in psycopg] + [
        "libpython3.11.so.1.0", "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
        "PySide6/Qt/lib/libicuuc.so.73"]
    bundle = _fake_bundle(tmp_path, vendored)
    components = bundle_linux.load_mapping()
    internal = bundle / "app" / "_internal"
    assert bundle_linux.unlisted_libraries(internal, components) == []
    names = {bundle_linux.component_of(library, components).name for library in vendored}
    assert {"libpq (PostgreSQL client, in psycopg-binary)", "OpenSSL", "CPython",
            "MIT Kerberos (in psycopg-binary)", "OpenLDAP (in psycopg-binary)",
            "Cyrus SASL (in psycopg-binary)", "ICU (in PySide6's Qt)"} <= names
    assert {component.text.partition(":")[0] for component in components} <= {
        "debian", "python", "resource", "metadata"}


def test_finish_writes_the_licences_folder_and_its_index(
        bundle_linux, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = _fake_bundle(tmp_path, ["libz.so.1", "PySide6/Qt/lib/libQt6Core.so.6"])
    texts = {"zlib": "zlib licence words", "Qt 6 (through PySide6)": "LGPL words"}
    monkeypatch.setattr(bundle_linux, "licence_text",
                        lambda component: texts.get(component.name, "interpreter words"))
    bundle_linux.finish(bundle)
    licences = bundle / "LICENSES"
    zlib = (licences / "zlib.txt").read_text(encoding="utf-8")
    assert zlib.startswith("zlib: Zlib\nShared libraries in app/_internal/: libz.so.1\n")
    assert "zlib licence words" in zlib
    index = (licences / "INDEX.tsv").read_text(encoding="utf-8").splitlines()
    assert "zlib.txt\tzlib\tZlib\tdebian:zlib1g" in index
    # The interpreter is always there; components with no library in the bundle are not.
    assert (licences / "CPython.txt").is_file() and not (licences / "OpenSSL.txt").exists()
    assert len(index) == 4  # the heading, CPython, Qt, zlib


def test_finish_gives_the_launchers_the_c_library_the_bundle_needs(
        bundle_linux, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = _fake_bundle(tmp_path, ["libz.so.1"])
    monkeypatch.setattr(bundle_linux, "licence_text", lambda component: "words")
    bundle_linux.finish(bundle)
    # The one real ELF file of the fake bundle: the interpreter finish() copied in.
    floor, needing = bundle_linux.required_glibc(bundle / "app")
    assert needing == f"_internal/{bundle_linux.INTERPRETER}" and floor > (2, 0)
    for program in bundle_linux.PROGRAMS:
        launcher = (bundle / program).read_text(encoding="utf-8")
        assert f'minimum="{floor[0]}.{floor[1]}"' in launcher
        assert bundle_linux.systems_from_glibc(floor) in launcher


def test_finish_refuses_a_bundle_that_needs_a_newer_c_library_than_it_is_built_for(
        bundle_linux, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = _fake_bundle(tmp_path, ["libz.so.1"])
    monkeypatch.setattr(bundle_linux, "licence_text", lambda component: "words")
    with pytest.raises(bundle_linux.BundleError,
                       match=r"needs glibc 2\.[0-9]+ \(_internal/python asks for it\), newer "
                             r"than the 2\.1 it is built for"):
        bundle_linux.finish(bundle, at_most=(2, 1))
    assert not (bundle / "lexsub").exists()


def test_the_launcher_names_the_systems_of_its_floor(bundle_linux) -> None:
    assert bundle_linux.systems_from_glibc(bundle_linux.RELEASE_GLIBC).startswith("RHEL 9, ")
    assert bundle_linux.systems_from_glibc((2, 40)) == "glibc 2.40 and later"


def _launch(bundle: Path, getconf_output: str | None, tmp_path: Path, *arguments: str,
            program: str = "lexsub",
            library_path: str | None = None) -> subprocess.CompletedProcess[str]:
    """Start one of the bundle's launchers with a fake getconf first on PATH."""
    fake_bin = tmp_path / "fake-bin"
    fake_bin.mkdir(exist_ok=True)
    getconf = fake_bin / "getconf"
    if getconf_output is None:
        getconf.write_text("#!/bin/sh\necho 'getconf: Unrecognized variable' >&2\nexit 1\n")
    else:
        getconf.write_text(f"#!/bin/sh\necho '{getconf_output}'\n")
    getconf.chmod(0o755)
    environment = {"PATH": f"{fake_bin}:/usr/bin:/bin", "LANG": "C.UTF-8"}
    if library_path is not None:
        environment["LD_LIBRARY_PATH"] = library_path
    return subprocess.run([str(bundle / program), *arguments], capture_output=True, text=True,
                          env=environment, cwd=tmp_path, timeout=60, check=False)


#: The C library floor the fake bundles' launchers are written for.
FLOOR = (2, 35)


@pytest.fixture
def launchers(bundle_linux, tmp_path: Path) -> Path:
    """A bundle whose app and interpreter are stand-ins that say how they were started."""
    bundle = tmp_path / "bundle"
    internal = bundle / "app" / "_internal"
    internal.mkdir(parents=True)
    app = bundle / "app" / "lexsub-studio"
    app.write_text("#!/bin/sh\necho \"app started with $# arguments: $*\"\n")
    interpreter = internal / bundle_linux.INTERPRETER
    interpreter.write_text(
        "#!/bin/sh\n"
        "[ \"$1\" = -B ] && [ \"$2\" = -c ] || { echo \"not -B -c: $*\"; exit 9; }\n"
        "echo \"$3\"; shift 3\n"
        "echo \"command line started with $# arguments: $*\"\n"
        "echo \"libraries from $LD_LIBRARY_PATH\"\n")
    for program in (app, interpreter):
        program.chmod(0o755)
    bundle_linux.write_launchers(bundle, FLOOR)
    return bundle


@pytest.mark.parametrize("getconf_output", ["glibc 2.31", "glibc 2.34", "glibc 1.99"])
@pytest.mark.parametrize("program", ["lexsub", "lexsub-studio"])
def test_the_launcher_refuses_an_older_c_library_in_one_sentence(
        bundle_linux, launchers: Path, tmp_path: Path, getconf_output: str,
        program: str) -> None:
    result = _launch(launchers, getconf_output, tmp_path, "--version", program=program)
    found = getconf_output.split()[1]
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        f"LexSub Studio needs the GNU C library (glibc) "
        f"2.35 or newer (Ubuntu 22.04, Debian 12, Fedora 36 and later), "
        f"and this system has glibc {found}.\n")


@pytest.mark.parametrize("getconf_output", [None, "musl libc 1.2", "glibc", "glibc x.y"])
def test_the_launcher_refuses_a_system_without_glibc(
        launchers: Path, tmp_path: Path, getconf_output: str | None) -> None:
    result = _launch(launchers, getconf_output, tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert "this system's C library is not glibc" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("getconf_output",
                         ["glibc 2.35", "glibc 2.39", "glibc 3.0", "glibc 2.41.9000"])
def test_the_command_line_launcher_starts_the_interpreter_on_the_bundle_s_modules(
        bundle_linux, launchers: Path, tmp_path: Path, getconf_output: str) -> None:
    result = _launch(launchers, getconf_output, tmp_path, "score", "a b", "--help")
    assert (result.returncode, result.stderr) == (0, "")
    internal = (launchers / "app" / "_internal").as_posix()
    assert result.stdout.splitlines() == [
        bundle_linux.COMMAND_LINE, "command line started with 3 arguments: score a b --help",
        f"libraries from {internal}"]


def test_the_command_line_keeps_the_user_s_library_path_after_the_bundle_s(
        launchers: Path, tmp_path: Path) -> None:
    result = _launch(launchers, "glibc 2.36", tmp_path, library_path="/opt/mine/lib")
    internal = (launchers / "app" / "_internal").as_posix()
    assert result.stdout.splitlines()[-1] == f"libraries from {internal}:/opt/mine/lib"


def test_a_release_s_launcher_lets_rhel_9_s_c_library_through(
        bundle_linux, tmp_path: Path) -> None:
    bundle = tmp_path / "release"
    app = bundle / "app" / "lexsub-studio"
    app.parent.mkdir(parents=True)
    app.write_text("#!/bin/sh\necho started\n")
    app.chmod(0o755)
    bundle_linux.write_launchers(bundle, bundle_linux.RELEASE_GLIBC)
    assert _launch(bundle, "glibc 2.34", tmp_path, program="lexsub-studio").stdout == "started\n"
    refused = _launch(bundle, "glibc 2.33", tmp_path, program="lexsub-studio")
    assert refused.returncode == 1
    assert "2.34 or newer (RHEL 9, Ubuntu 22.04, Debian 12, Fedora 35 and later)" in refused.stderr


def test_the_app_launcher_starts_the_app_s_program(launchers: Path, tmp_path: Path) -> None:
    result = _launch(launchers, "glibc 2.36", tmp_path, "corpus.xml", "--self-test",
                     program="lexsub-studio")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "app started with 2 arguments: corpus.xml --self-test\n"


@pytest.mark.parametrize("program", ["lexsub", "lexsub-studio"])
def test_the_launcher_works_through_a_link_from_another_folder(
        launchers: Path, tmp_path: Path, program: str) -> None:
    elsewhere = tmp_path / "bin"
    elsewhere.mkdir()
    (elsewhere / program).symlink_to(launchers / program)
    result = _launch(elsewhere, "glibc 2.36", tmp_path, "x", program=program)
    assert result.returncode == 0, result.stderr
    assert "started with 1 arguments: x" in result.stdout


def test_the_interpreter_is_given_the_bundle_s_modules_and_nothing_else(
        bundle_linux, tmp_path: Path) -> None:
    source = tmp_path / "python3.11"
    source.write_bytes(b"\x7fELF interpreter")
    internal = tmp_path / "_internal"
    internal.mkdir()
    copied = bundle_linux.add_interpreter(internal, source)
    assert copied == internal / bundle_linux.INTERPRETER
    assert copied.read_bytes() == source.read_bytes()
    # CPython reads PROGRAM._pth beside the program it runs as (Modules/getpath.py).
    paths = (internal / f"{bundle_linux.INTERPRETER}._pth").read_text(encoding="utf-8")
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    assert paths.splitlines() == [".", f"{version}/lib-dynload"]


def test_the_linux_spec_leaves_the_system_s_libraries_and_unused_plugins_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is installed by `make bundle`")
    monkeypatch.syspath_prepend(str(PACKAGING))
    import bundle_common

    site = "/venv/lib/python3.11/site-packages"
    binaries = [
        ("libstdc++.so.6", "/lib/x86_64-linux-gnu/libstdc++.so.6", "BINARY"),
        ("libX11.so.6", "/usr/lib/x86_64-linux-gnu/libX11.so.6", "BINARY"),
        ("libcairo.so.2", "/lib/x86_64-linux-gnu/libcairo.so.2", "BINARY"),
        ("libffi.so.8", "/lib/x86_64-linux-gnu/libffi.so.8", "BINARY"),
        ("libssl.so.3", "/usr/lib/x86_64-linux-gnu/libssl.so.3", "BINARY"),
        ("libpython3.11.so.1.0", "/opt/python/lib/libpython3.11.so.1.0", "BINARY"),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so",
         f"{site}/PySide6/Qt/plugins/platformthemes/libqgtk3.so", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqvnc.so",
         f"{site}/PySide6/Qt/plugins/platforms/libqvnc.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", f"{site}/PySide6/Qt/lib/libQt6Network.so.6",
         "BINARY"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so",
         f"{site}/PySide6/Qt/plugins/platforms/libqxcb.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", f"{site}/PySide6/Qt/lib/libQt6Core.so.6", "BINARY"),
    ]
    kept = [name for name, _, _ in bundle_common.linux_binaries_to_ship(binaries)]
    assert kept == ["libffi.so.8", "libssl.so.3", "libpython3.11.so.1.0", "libQt6Core.so.6",
                    "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/lib/libQt6Core.so.6"]
    scripts = [("pyiboot01_bootstrap", "x", "PYSOURCE"), ("pyi_rth_nltk", "x", "PYSOURCE"),
               ("pyi_rth_pyside6", "x", "PYSOURCE"), ("pyi_rth_pkgres", "x", "PYSOURCE"),
               ("pyi_rth_inspect", "x", "PYSOURCE"), ("pyi_rth_multiprocessing", "x", "PYSOURCE"),
               ("launch_cli", "x", "PYSOURCE")]
    assert [name for name, _, _ in bundle_common.kept_runtime_hooks(scripts)] == [
        "pyiboot01_bootstrap", "pyi_rth_pyside6", "pyi_rth_multiprocessing", "launch_cli"]


# The interpreter a release's bundle runs on (packaging/build_python.sh; make release-bundle
# builds it, a few minutes, so the build itself is not run here).

def test_the_python_build_script_is_valid_sh_with_pinned_sources() -> None:
    script = PACKAGING / "build_python.sh"
    assert subprocess.run(["sh", "-n", str(script)], check=False).returncode == 0
    text = script.read_text(encoding="utf-8")
    pins = re.findall(r"^(upstream|debian)_sha256=([0-9a-f]*)$", text, re.MULTILINE)
    assert {name for name, _ in pins} == {"upstream", "debian"}
    assert all(len(digest) == 64 for _, digest in pins)
    assert "-include $here/glibc_floor.h" in text


@pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("objdump") is None,
                    reason="needs a C compiler and objdump")
def test_the_floor_header_ties_hypot_to_its_first_glibc_version(tmp_path: Path) -> None:
    source = tmp_path / "distance.c"
    source.write_text("#include <math.h>\n"
                      "double distance(double x, double y) { return hypot(x, y); }\n")

    def hypot_version(*flags: str) -> str:
        library = tmp_path / "distance.so"
        subprocess.run(["gcc", "-O0", "-shared", "-fPIC", *flags, str(source), "-o",
                        str(library), "-lm"], check=True)
        symbols = subprocess.run(["objdump", "-T", str(library)], capture_output=True,
                                 text=True, check=True).stdout
        found = re.search(r"\(?(GLIBC_[0-9.]+)\)?\s+hypot$", symbols, re.MULTILINE)
        assert found is not None, symbols
        return found.group(1)

    assert hypot_version("-include", str(PACKAGING / "glibc_floor.h")) == "GLIBC_2.2.5"
    # Without it, a C library of 2.35 or newer gives the new version (older ones have one).
    assert hypot_version() in {"GLIBC_2.2.5", "GLIBC_2.35"}
