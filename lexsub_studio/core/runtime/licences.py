"""The libraries LexSub Studio ships with, and their licence texts (Help > About).

Read at run time from the installed packages' metadata (importlib.metadata), so the list is
what this installation really holds: a wheel's dependencies, or what a standalone build copied
(packaging/bundle_common.py copies the metadata of every library listed here).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

APP_DISTRIBUTION = "lexsub-studio"
#: File names a licence text is kept under inside a package's metadata.
_LICENCE_FILE = re.compile(r"(^|/)(licen[cs]e|copying|notice)[^/]*$", re.IGNORECASE)
#: Licences whose texts LexSub Studio ships (resources/licences/SPDX.txt), for libraries that
#: name them without their text. The LGPL is the GPL plus additional permissions: both are given.
SHIPPED_TEXTS = ("LGPL-3.0", "GPL-3.0")
#: The Linux bundle's folder of the licences of what it copies besides Python packages (the
#: interpreter, Qt, the libraries psycopg-binary vendors, the system libraries): beside the
#: launchers, a folder above the programs in app/ (packaging/bundle_linux.py writes it).
BUNDLE_LICENCES_FOLDER = "LICENSES"
#: Its index: one tab-separated row a component (text file, name, licence, text source).
BUNDLE_LICENCES_INDEX = "INDEX.tsv"
#: A text source the index names for a Python package, whose metadata Help > About reads anyway.
_PACKAGE_METADATA_SOURCE = "metadata:"
#: A licence text longer than this is cut (some packages bundle every vendored licence).
MAX_TEXT_CHARS = 60_000


@dataclass(frozen=True, slots=True)
class LibraryLicence:
    name: str
    version: str
    #: The licence's name or SPDX expression as the package declares it ("" when it does not).
    licence: str
    #: The licence files' texts, one after the other ("" when the package ships none).
    text: str


#: The app's extras that are parts of the app, not tools (core/runtime/extras.py): their
#: libraries are listed when installed, as they are in the standalone build.
RUNTIME_EXTRAS = ("wordnet", "campaign")


def _requirement_name(requirement: str, extras: tuple[str, ...] = ()) -> str | None:
    """The distribution a requirement names, or None for one needed only by an extra that is
    not among ``extras`` (the extras asked for: the app's RUNTIME_EXTRAS, a dependency's
    ``psycopg[binary]``)."""
    marker = requirement.replace("extra==", "extra ==")
    if "extra ==" in marker and not any(f"extra == {quote}{extra}{quote}" in marker
                                        for extra in extras for quote in "\"'"):
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return match.group(1) if match else None


def _requested_extras(requirement: str) -> tuple[str, ...]:
    """The extras a requirement asks for: ``binary`` of ``psycopg[binary]>=3.1``."""
    match = re.match(r"\s*[A-Za-z0-9][A-Za-z0-9._-]*\s*\[([^\]]*)\]", requirement)
    return tuple(extra.strip() for extra in match.group(1).split(",")) if match else ()


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = APP_DISTRIBUTION) -> list[metadata.Distribution]:
    """``root`` and everything it needs at run time, each once, by name: the app's optional
    parts (RUNTIME_EXTRAS) when installed, the tools of its other extras left out."""
    found: dict[str, metadata.Distribution] = {}
    pending: list[tuple[str, tuple[str, ...]]] = [(root, RUNTIME_EXTRAS)]
    while pending:
        name, extras = pending.pop()
        name = _normalised(name)
        if name in found:
            continue
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # an optional part not installed here
        found[name] = distribution
        for requirement in distribution.requires or []:
            needed = _requirement_name(requirement, extras)
            if needed is not None:
                pending.append((needed, _requested_extras(requirement)))
    return sorted(found.values(), key=lambda d: _normalised(d.metadata["Name"] or ""))


def _licence_name(distribution: metadata.Distribution) -> str:
    fields = distribution.metadata
    # The metadata is an email.message.Message, which has get; typeshed's PackageMetadata
    # protocol leaves it out before Python 3.12.
    expression = fields.get("License-Expression")  # type: ignore[attr-defined]
    if expression:
        return str(expression)
    declared = str(fields.get("License") or "").strip()  # type: ignore[attr-defined]
    if declared and "\n" not in declared and len(declared) < 100:
        return declared
    classifiers = [value.rsplit("::", 1)[-1].strip()
                   for value in fields.get_all("Classifier") or []
                   if value.startswith("License ::")]
    return ", ".join(classifiers)


def _licence_text(distribution: metadata.Distribution) -> str:
    texts: list[str] = []
    for file in distribution.files or []:
        if _LICENCE_FILE.search(str(file)):
            try:
                texts.append(file.read_text(encoding="utf-8").strip())
            except (OSError, UnicodeDecodeError):
                continue
    if not texts:
        # Some packages put the whole text in the License field instead of a file.
        declared = str(distribution.metadata.get("License")  # type: ignore[attr-defined]
                       or "").strip()
        if "\n" in declared:
            texts.append(declared)
    if not texts:
        texts += _shipped_texts(_licence_name(distribution))
    text = "\n\n".join(texts)
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS] + "\n\n[cut here: the rest is in the package's metadata]"
    return text


def _shipped_texts(licence_name: str) -> list[str]:
    """The texts of the licences a library names but ships no text of (Qt for Python's LGPL,
    which in turn takes in the GPL), from the copies in resources/licences/."""
    from lexsub_studio.paths import resources_dir

    texts = []
    for spdx in SHIPPED_TEXTS:
        if spdx in licence_name:
            path = resources_dir() / "licences" / f"{spdx}.txt"
            try:
                texts.append(path.read_text(encoding="utf-8").strip())
            except OSError:
                continue
    return texts


def _own_licence_text() -> str:
    """LexSub Studio's LICENSE where a wheel's metadata does not hold it: beside the package
    in a standalone build, at the top of a source checkout (an editable install)."""
    import lexsub_studio

    package = Path(lexsub_studio.__file__).resolve().parent
    for path in (package / "LICENSE", package.parent / "LICENSE"):
        try:
            return path.read_text(encoding="utf-8").strip()
        except OSError:
            continue
    return ""


def bundle_licences_folder() -> Path | None:
    """The standalone bundle's LICENSES/ folder, or None when this is not a bundle."""
    if not getattr(sys, "frozen", False):
        return None
    folder = Path(sys.executable).resolve().parent.parent / BUNDLE_LICENCES_FOLDER
    return folder if (folder / BUNDLE_LICENCES_INDEX).is_file() else None


def bundled_component_licences(folder: Path) -> list[LibraryLicence]:
    """The components of a bundle's LICENSES/ index that are not Python packages, each with
    its text file's contents ("" when the file is missing, which the self-test reports)."""
    licences = []
    index = (folder / BUNDLE_LICENCES_INDEX).read_text(encoding="utf-8")
    for row in index.splitlines():
        if not row.strip() or row.startswith("#"):
            continue
        file_name, name, licence, source = [*row.split("\t"), "", "", ""][:4]
        if source.startswith(_PACKAGE_METADATA_SOURCE):
            continue
        try:
            text = (folder / file_name).read_text(encoding="utf-8").strip()
        except OSError:
            text = ""
        licences.append(LibraryLicence(name or file_name, "", licence, text))
    return licences


def library_licences(root: str = APP_DISTRIBUTION) -> list[LibraryLicence]:
    """Every library ``root`` runs on (itself first), with its licence name and text; in the
    standalone bundle, then every other component it copies (its LICENSES/ folder)."""
    distributions = runtime_distributions(root)
    own = [d for d in distributions if _normalised(d.metadata["Name"] or "") == _normalised(root)]
    others = [d for d in distributions if d not in own]
    licences = [LibraryLicence(str(d.metadata["Name"]), str(d.version), _licence_name(d),
                               _licence_text(d)) for d in own + others]
    if own and root == APP_DISTRIBUTION and not licences[0].text:
        first = licences[0]
        licences[0] = LibraryLicence(first.name, first.version, first.licence,
                                     _own_licence_text())
    folder = bundle_licences_folder() if root == APP_DISTRIBUTION else None
    if folder is not None:
        licences += bundled_component_licences(folder)
    return licences
