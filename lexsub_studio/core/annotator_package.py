"""The annotator package: everything an annotator needs in one file, and opening what they open.

A package (``.lexsubpkg``) is a ZIP archive, defined in docs/formats.md ("Annotator package"):

* ``manifest.json``: ``{"format": "lexsub-annotator-package", "version": 1, "title": ...,
  "annotator": ..., "created": ..., "show_pos": false, "guidelines": "guidelines.md" | null,
  "training": [{"lexelt", "id", "substitutes": [...], "multiword", "note"}, ...]}``
* ``corpus.xml``: the instances to annotate (lexelt XML).
* ``training.xml`` (optional): the training instances, whose reference answers are in the
  manifest and are shown after the annotator commits each one.
* ``guidelines.md`` or ``guidelines.html`` (optional): the organiser's guidelines.

The annotator returns the responses file exported from the app; training answers stay out of it.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lexsub_studio.core.annotation import WorkItem
from lexsub_studio.core.atomic import atomic_write_bytes
from lexsub_studio.core.diagnostics import Diagnostics, InputError
from lexsub_studio.core.model import Corpus
from lexsub_studio.core.store import Key

PACKAGE_FORMAT = "lexsub-annotator-package"
PACKAGE_VERSION = 1
PACKAGE_SUFFIX = ".lexsubpkg"
MANIFEST = "manifest.json"
CORPUS_MEMBER = "corpus.xml"
TRAINING_MEMBER = "training.xml"
GUIDELINE_MEMBERS = {"markdown": "guidelines.md", "html": "guidelines.html"}


@dataclass(frozen=True, slots=True)
class TrainingReference:
    """The reference answer of one training instance, with the organiser's explanation."""

    lexelt: str
    id: str
    substitutes: tuple[str, ...]
    multiword: str = ""
    note: str = ""

    @property
    def key(self) -> Key:
        return (self.lexelt, self.id)


@dataclass(slots=True)
class AnnotatorPackage:
    title: str
    annotator: str
    corpus: Corpus
    guidelines: str | None = None
    guidelines_format: str = "markdown"
    training: Corpus | None = None
    references: dict[Key, TrainingReference] = field(default_factory=dict)
    show_pos: bool = False


def write_package(package: AnnotatorPackage, path: str | Path) -> None:
    """Write ``package`` as one ZIP file, atomically."""
    from lexsub_studio.core.formats.corpus_xml import corpus_to_xml

    if package.guidelines_format not in GUIDELINE_MEMBERS:
        raise ValueError(f"guidelines_format must be one of {sorted(GUIDELINE_MEMBERS)}")
    training_keys = set()
    if package.training is not None:
        training_keys = {(lx.item, inst.id) for lx in package.training.lexelts
                         for inst in lx.instances}
    missing = sorted(set(package.references) - training_keys)
    if missing:
        raise ValueError(f"reference answers for instances not in the training corpus: {missing}")
    guidelines_member = (GUIDELINE_MEMBERS[package.guidelines_format]
                         if package.guidelines is not None else None)
    manifest: dict[str, Any] = {
        "format": PACKAGE_FORMAT,
        "version": PACKAGE_VERSION,
        "title": package.title,
        "annotator": package.annotator,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "show_pos": package.show_pos,
        "guidelines": guidelines_member,
        "training": [
            {"lexelt": ref.lexelt, "id": ref.id, "substitutes": list(ref.substitutes),
             "multiword": ref.multiword, "note": ref.note}
            for ref in package.references.values()
        ],
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
        archive.writestr(CORPUS_MEMBER, corpus_to_xml(package.corpus))
        if package.training is not None:
            archive.writestr(TRAINING_MEMBER, corpus_to_xml(package.training))
        if guidelines_member is not None and package.guidelines is not None:
            archive.writestr(guidelines_member, package.guidelines)
    atomic_write_bytes(path, buffer.getvalue())


@dataclass(slots=True)
class PackageReadResult:
    package: AnnotatorPackage
    diagnostics: Diagnostics
    #: A digest of the corpus and training members: the package's identity for the store.
    digest: str


def read_package(path: str | Path) -> PackageReadResult:
    """Read a package; InputError (with the file and member) when it cannot be used at all."""
    from lexsub_studio.core.formats.corpus_xml import read_corpus_bytes

    where = str(path)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise InputError.at(where, "bad-package",
                            f"not an annotator package (a ZIP file was expected): {error}"
                            ) from error
    with archive:
        names = set(archive.namelist())
        manifest = _read_manifest(archive, names, where)
        diagnostics = Diagnostics(where)
        if CORPUS_MEMBER not in names:
            raise InputError.at(where, "bad-package", f"the package has no {CORPUS_MEMBER}")
        corpus_bytes = archive.read(CORPUS_MEMBER)
        corpus_result = read_corpus_bytes(corpus_bytes, f"{where}!{CORPUS_MEMBER}")
        diagnostics.extend(corpus_result.diagnostics)
        digest = hashlib.sha256(corpus_bytes)
        training = None
        if TRAINING_MEMBER in names:
            training_bytes = archive.read(TRAINING_MEMBER)
            digest.update(training_bytes)
            training_result = read_corpus_bytes(training_bytes, f"{where}!{TRAINING_MEMBER}")
            diagnostics.extend(training_result.diagnostics)
            training = training_result.corpus
        guidelines, guidelines_format = None, "markdown"
        member = manifest.get("guidelines")
        if member:
            if member not in names:
                diagnostics.warning("missing-guidelines",
                                    f"the manifest names {member} but the package lacks it; "
                                    "the default guidelines are shown instead")
            else:
                guidelines = archive.read(member).decode("utf-8", errors="replace")
                guidelines_format = "html" if member.endswith((".html", ".htm")) else "markdown"
    references = _references(manifest, training, diagnostics)
    package = AnnotatorPackage(
        title=str(manifest.get("title") or Path(where).stem),
        annotator=str(manifest.get("annotator") or ""),
        corpus=corpus_result.corpus, guidelines=guidelines, guidelines_format=guidelines_format,
        training=training, references=references, show_pos=bool(manifest.get("show_pos", False)))
    return PackageReadResult(package, diagnostics, digest.hexdigest()[:16])


def _read_manifest(archive: zipfile.ZipFile, names: set[str], where: str) -> dict[str, Any]:
    if MANIFEST not in names:
        raise InputError.at(where, "bad-package", f"the package has no {MANIFEST}")
    try:
        manifest = json.loads(archive.read(MANIFEST).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = getattr(error, "lineno", None)
        column = getattr(error, "colno", None)
        raise InputError.at(f"{where}!{MANIFEST}", "bad-manifest",
                            f"the manifest is not valid JSON: {error}", line, column) from error
    if not isinstance(manifest, dict) or manifest.get("format") != PACKAGE_FORMAT:
        raise InputError.at(f"{where}!{MANIFEST}", "bad-manifest",
                            f'the manifest does not say "format": "{PACKAGE_FORMAT}"')
    version = manifest.get("version")
    if not isinstance(version, int) or version < 1:
        raise InputError.at(f"{where}!{MANIFEST}", "bad-manifest",
                            f"the manifest's version must be a positive integer, got {version!r}")
    if version > PACKAGE_VERSION:
        raise InputError.at(f"{where}!{MANIFEST}", "package-too-new",
                            f"package version {version} was written by a newer version of "
                            f"LexSub Studio (this one reads up to {PACKAGE_VERSION})")
    return manifest


def _references(manifest: dict[str, Any], training: Corpus | None,
                diagnostics: Diagnostics) -> dict[Key, TrainingReference]:
    training_keys = set()
    if training is not None:
        training_keys = {(lx.item, inst.id) for lx in training.lexelts for inst in lx.instances}
    references: dict[Key, TrainingReference] = {}
    entries = manifest.get("training") or []
    if not isinstance(entries, list):
        diagnostics.error("bad-training", "the manifest's training entry must be a list")
        return references
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not entry.get("lexelt") or not entry.get("id"):
            diagnostics.error("bad-training",
                              f"training entry {number} needs a lexelt and an id; ignored")
            continue
        reference = TrainingReference(
            str(entry["lexelt"]), str(entry["id"]),
            tuple(str(s) for s in entry.get("substitutes") or ()),
            str(entry.get("multiword") or ""), str(entry.get("note") or ""))
        if reference.key not in training_keys:
            diagnostics.error("bad-training",
                              f"training entry {number} ({reference.lexelt} {reference.id}) is "
                              f"not in {TRAINING_MEMBER}; ignored")
            continue
        references[reference.key] = reference
    return references


# -- what the annotator opens: a corpus or a package ----------------------------------------------

@dataclass(slots=True)
class AnnotationSource:
    """A corpus or package made ready for annotation, whatever the file was."""

    path: Path
    title: str
    corpus: Corpus
    items: list[WorkItem]
    digest: str
    diagnostics: Diagnostics
    is_package: bool = False
    annotator: str | None = None
    guidelines: str | None = None
    guidelines_format: str = "markdown"
    references: dict[Key, TrainingReference] = field(default_factory=dict)
    show_pos: bool | None = None
    stats: dict[str, int] = field(default_factory=dict)


def is_package_file(path: str | Path) -> bool:
    return Path(path).suffix.lower() == PACKAGE_SUFFIX or zipfile.is_zipfile(path)


def load_annotation_source(path: str | Path) -> AnnotationSource:
    """Read a corpus XML file or an annotator package; InputError when it cannot be used."""
    target = Path(path)
    if not target.is_file():
        raise InputError.at(target, "not-found", "no such file")
    if is_package_file(target):
        result = read_package(target)
        package = result.package
        items = []
        if package.training is not None:
            items += corpus_items(package.training, training=True)
        items += corpus_items(package.corpus)
        return AnnotationSource(
            target, package.title, package.corpus, _unique(items, result.diagnostics),
            result.digest,
            result.diagnostics, is_package=True, annotator=package.annotator or None,
            guidelines=package.guidelines, guidelines_format=package.guidelines_format,
            references=package.references, show_pos=package.show_pos)
    from lexsub_studio.core.formats.corpus_xml import read_corpus_bytes

    data = target.read_bytes()
    result = read_corpus_bytes(data, str(target))
    diagnostics = result.diagnostics
    items = _unique(corpus_items(result.corpus), diagnostics)
    return AnnotationSource(target, target.stem, result.corpus, items,
                            hashlib.sha256(data).hexdigest()[:16], diagnostics,
                            stats=dict(result.stats))


def corpus_items(corpus: Corpus, training: bool = False) -> list[WorkItem]:
    make = WorkItem._make
    return [make((lexelt.item, instance, training))
            for lexelt in corpus.lexelts for instance in lexelt.instances]


def _unique(items: list[WorkItem], diagnostics: Diagnostics) -> list[WorkItem]:
    """The items with each (lexelt, id) once; later repeats are reported and left out."""
    seen: set[Key] = set()
    kept = []
    for item in items:
        key = (item.lexelt, item.instance.id)
        if key in seen:
            diagnostics.warning(
                "duplicate-instance",
                f"instance {item.instance.id} of {item.lexelt} appears twice; only the first "
                "is annotated", item.instance.line)
            continue
        seen.add(key)
        kept.append(item)
    return kept
