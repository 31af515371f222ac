"""The Linux bundle's last steps after PyInstaller's COLLECT, and the checks on a built bundle.

lexsub-studio.spec calls finish() on dist/lexsub-studio/, which then holds:

    lexsub-studio, lexsub   small sh launchers: check the C library, then start the app
                            (app/lexsub-studio) or the command line (app/_internal/python)
    app/                    PyInstaller's folder: the app's program and _internal/, where
                            every module is a file, and the interpreter the command line runs on
    LICENSES/               one text a component of licences.toml, and an index

No PyInstaller import here: tests/test_packaging.py runs these functions on a fake folder.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MAPPING = HERE / "licences.toml"
LAUNCHER_TEMPLATE = HERE / "launcher.sh"
APP_FOLDER = "app"
PROGRAMS = ("lexsub-studio", "lexsub")
#: The command line runs on CPython's own interpreter, given the bundle's modules, rather than
#: through PyInstaller's program: that program starts twice on Linux (it sets the library path,
#: then runs itself again) and imports through its own importer, which made `lexsub --version`
#: take 55 ms against the wheel's 28. app/_internal/python._pth names the module folders, which
#: also makes the interpreter isolated (no PYTHON* variable, no user or system site-packages).
INTERPRETER = "python"
INTERPRETER_PATHS = (".", f"python{sys.version_info.major}.{sys.version_info.minor}/lib-dynload")
COMMAND_LINE = "from lexsub_studio.cli.main import run_program; run_program()"
#: What each launcher starts once the C library is checked. The command line is given the
#: library path the app's program gives itself, so both load the bundle's libraries (libpython,
#: and OpenSSL, SQLite and the others Python's own modules link) before the system's.
START = {
    "lexsub-studio": 'exec "$here/app/lexsub-studio" "$@"',
    "lexsub": ('LD_LIBRARY_PATH="$here/app/_internal${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"\n'
               'export LD_LIBRARY_PATH\n'
               f'exec "$here/app/_internal/{INTERPRETER}" -B -c \'{COMMAND_LINE}\' "$@"'),
}
#: The oldest GNU C library a release's bundle starts on: Qt 6.11's floor, and that of the
#: interpreter packaging/build_python.sh builds (`make release-bundle` refuses a bundle that
#: needs more). A bundle's own floor is the newest symbol version its ELF files ask for
#: (required_glibc), once the libraries every desktop has are left to the system; its launchers
#: check that one. A plain `make bundle` takes the build machine's Python, which may ask for
#: more (2.35 for one built on Debian 12: CPython's hypot()).
RELEASE_GLIBC = (2, 34)
#: Named in the launcher's refusal, so a user knows what would do.
SYSTEMS_FROM_GLIBC = {
    (2, 34): "RHEL 9, Ubuntu 22.04, Debian 12, Fedora 35 and later",
    (2, 35): "Ubuntu 22.04, Debian 12, Fedora 36 and later",
    (2, 36): "Debian 12, Ubuntu 22.10, Fedora 37 and later",
}
ELF_MAGIC = b"\x7fELF"
_SHARED_LIBRARY = re.compile(r"\.so(\.[0-9]+)*$")
_COMMON_LICENCE = re.compile(r"/usr/share/common-licenses/[A-Za-z0-9.+-]*[A-Za-z0-9]")
_GLIBC_VERSION = re.compile(r"\bGLIBC_([0-9]+)\.([0-9]+)(?:\.[0-9]+)?\b")


class BundleError(Exception):
    """The bundle cannot be finished as it is (a library without a licence, a missing text)."""


@dataclass(frozen=True, slots=True)
class Component:
    """A piece of software the bundle copies, its licence, and the files that are it."""

    name: str
    licence: str
    #: Where the licence's text comes from: "debian:PACKAGE" (the package's copyright file),
    #: "python" (the interpreter's LICENSE.txt), "resource:FILE" (resources/licences/FILE),
    #: "metadata:DISTRIBUTION" (the Python package's own licence files).
    text: str
    #: Glob patterns, relative to app/_internal/, of the shared libraries that are this component.
    files: tuple[str, ...]

    @property
    def file_name(self) -> str:
        return re.sub(r"[^A-Za-z0-9.+-]+", "-", self.name).strip("-") + ".txt"


def load_mapping(path: Path = MAPPING) -> list[Component]:
    with path.open("rb") as handle:
        table = tomllib.load(handle)
    return [Component(entry["name"], entry["licence"], entry["text"], tuple(entry["files"]))
            for entry in table["component"]]


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == ELF_MAGIC
    except OSError:
        return False


def shared_libraries(internal: Path) -> list[Path]:
    """Every shared library (a name ending .so or .so.N, ELF inside) under ``internal``."""
    return sorted(path for path in internal.rglob("*")
                  if path.is_file() and not path.is_symlink()
                  and _SHARED_LIBRARY.search(path.name) and is_elf(path))


def component_of(relative: str, components: list[Component]) -> Component | None:
    for component in components:
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in component.files):
            return component
    return None


def unlisted_libraries(internal: Path, components: list[Component]) -> list[str]:
    """The shared libraries under ``internal`` no component of the mapping claims."""
    relatives = (path.relative_to(internal).as_posix() for path in shared_libraries(internal))
    return [relative for relative in relatives if component_of(relative, components) is None]


def licence_text(component: Component) -> str:
    kind, _, argument = component.text.partition(":")
    if kind == "debian":
        sources = [Path("/usr/share/doc") / argument / "copyright"]
    elif kind == "python":
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        sources = [Path(sys.base_prefix) / "lib" / version / "LICENSE.txt",
                   Path("/usr/share/doc") / version / "copyright"]
    elif kind == "resource":
        sources = [ROOT / "resources" / "licences" / argument]
    elif kind == "metadata":
        from importlib import metadata

        files = metadata.distribution(argument).files or []
        sources = [Path(str(file.locate())) for file in files
                   if re.search(r"(^|/)(licen[cs]e|copying|notice)[^/]*$", str(file), re.I)]
    else:
        raise BundleError(f"{MAPPING.name}: {component.name}: unknown text source "
                          f"{component.text!r}")
    texts = [source.read_text(encoding="utf-8", errors="replace").strip()
             for source in sources if source.is_file()]
    if kind == "debian":
        texts += _common_licences_named(texts)
    if not texts:
        raise BundleError(f"{MAPPING.name}: {component.name}: no licence text at "
                          f"{', '.join(map(str, sources)) or component.text}")
    return "\n\n".join(texts[:1] if kind == "python" else texts)


def _common_licences_named(texts: list[str]) -> list[str]:
    """The full texts a Debian copyright file points at instead of quoting them
    ("see /usr/share/common-licenses/Apache-2.0")."""
    named = sorted({match.group(0) for text in texts
                    for match in _COMMON_LICENCE.finditer(text)})
    return [Path(path).read_text(encoding="utf-8", errors="replace").strip()
            for path in named if Path(path).is_file()]


def write_licences(bundle: Path, components: list[Component]) -> Path:
    """LICENSES/: one file a component present in the bundle, headed by its name, licence and
    files, and INDEX.tsv (file, component, licence, text source) that Help > About reads."""
    internal = bundle / APP_FOLDER / "_internal"
    folder = bundle / "LICENSES"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    claimed: dict[str, list[str]] = {}
    for library in shared_libraries(internal):
        relative = library.relative_to(internal).as_posix()
        component = component_of(relative, components)
        if component is not None:
            claimed.setdefault(component.name, []).append(relative)
    index = ["# file\tcomponent\tlicence\ttext source"]
    for component in components:
        libraries = claimed.get(component.name)
        if not libraries and not component.name.startswith("CPython"):
            continue
        heading = (f"{component.name}: {component.licence}\n"
                   f"Shared libraries in app/_internal/: {', '.join(libraries or ['-'])}\n"
                   f"Text from: {component.text}\n")
        (folder / component.file_name).write_text(f"{heading}\n{licence_text(component)}\n",
                                                  encoding="utf-8")
        index.append(f"{component.file_name}\t{component.name}\t{component.licence}\t"
                     f"{component.text}")
    (folder / "INDEX.tsv").write_text("\n".join(index) + "\n", encoding="utf-8")
    return folder


def systems_from_glibc(floor: tuple[int, int]) -> str:
    """The systems a bundle needing glibc ``floor`` starts on, for the launcher's refusal."""
    return SYSTEMS_FROM_GLIBC.get(floor, f"glibc {floor[0]}.{floor[1]} and later")


def write_launchers(bundle: Path, floor: tuple[int, int]) -> None:
    """The launchers, which refuse a C library older than ``floor`` (major, minor)."""
    template = LAUNCHER_TEMPLATE.read_text(encoding="utf-8")
    minimum = ".".join(map(str, floor))
    for program in PROGRAMS:
        launcher = bundle / program
        launcher.write_text(template.replace("@PROGRAM@", program)
                            .replace("@START@", START[program])
                            .replace("@MINIMUM_GLIBC@", minimum)
                            .replace("@SYSTEMS@", systems_from_glibc(floor)),
                            encoding="utf-8")
        launcher.chmod(0o755)


def add_interpreter(internal: Path, executable: Path | None = None) -> Path:
    """Copy CPython's interpreter (the one this build runs on, linked to the libpython PyInstaller
    collected) into ``internal`` with the ._pth file that gives it the bundle's modules."""
    source = executable or Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    target = internal / INTERPRETER
    shutil.copy2(source, target)
    (internal / f"{INTERPRETER}._pth").write_text("\n".join(INTERPRETER_PATHS) + "\n",
                                                  encoding="utf-8")
    return target


def required_glibc(folder: Path) -> tuple[tuple[int, int], str]:
    """The newest GLIBC_x.y symbol version any ELF file under ``folder`` needs (objdump -T),
    and the first file that needs it."""
    newest: tuple[int, int] = (0, 0)
    needing = ""
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.is_symlink() or not is_elf(path):
            continue
        dynamic = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True,
                                 check=False).stdout
        for match in _GLIBC_VERSION.finditer(dynamic):
            version = (int(match.group(1)), int(match.group(2)))
            if version > newest:
                newest, needing = version, path.relative_to(folder).as_posix()
    return newest, needing


#: The files stripped of their symbols (`strip --strip-unneeded`): CPython's, built on the build
#: machine with them (libpython alone 23 MB, 6 MB without). The wheels' libraries come
#: stripped, and stripping them again can break them: NumPy's OpenBLAS then fails to load on
#: glibc 2.35 ("ELF load command address/offset not page-aligned"), hence not PyInstaller's
#: strip option, which strips every file.
STRIPPED = ("libpython3*.so*", "python3.*/lib-dynload/*.so")


def strip_symbols(internal: Path) -> list[str]:
    """Strip the files of STRIPPED under ``internal``; their paths, relative to it."""
    stripped = []
    for library in shared_libraries(internal):
        relative = library.relative_to(internal).as_posix()
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in STRIPPED):
            subprocess.run(["strip", "--strip-unneeded", str(library)], check=True)
            stripped.append(relative)
    return stripped


def finish(bundle: Path, components: list[Component] | None = None,
           collected: Path | None = None, at_most: tuple[int, int] | None = None) -> None:
    """Move PyInstaller's ``collected`` folder (if given) to the bundle's app/, check every
    library has a licence, strip CPython's files, add the command line's interpreter, then
    write the launchers, which check the C library the bundle needs (no newer than
    ``at_most`` when given), and LICENSES/."""
    if collected is not None:
        shutil.rmtree(bundle, ignore_errors=True)
        bundle.mkdir(parents=True)
        collected.rename(bundle / APP_FOLDER)
    components = load_mapping() if components is None else components
    unlisted = unlisted_libraries(bundle / APP_FOLDER / "_internal", components)
    if unlisted:
        raise BundleError(f"{len(unlisted)} shared libraries in the bundle have no licence in "
                          f"{MAPPING.relative_to(ROOT)}: {', '.join(unlisted)}")
    strip_symbols(bundle / APP_FOLDER / "_internal")
    add_interpreter(bundle / APP_FOLDER / "_internal")
    floor, needing = required_glibc(bundle / APP_FOLDER)
    if at_most is not None and floor > at_most:
        raise BundleError(f"the bundle needs glibc {floor[0]}.{floor[1]} ({needing} asks for it), "
                          f"newer than the {at_most[0]}.{at_most[1]} it is built for")
    write_launchers(bundle, floor)
    write_licences(bundle, components)
