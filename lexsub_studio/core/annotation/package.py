"""The annotator package: everything an annotator needs in one file, and opening what they open.

A package (``.lexsubpkg``) is a ZIP archive, defined in docs/formats.md ("Annotator package"):

* ``manifest.json``: ``{"format": "lexsub-annotator-package", "version": 1, "title": ...,
  "annotator": ..., "created": ..., "show_pos": false, "guidelines": "guidelines.md" | null,
  "training": [{"lexelt", "id", "substitutes": [...], "multiword", "note"}, ...],
  "campaign": {"url", "name"} | null, "judgement_task": "judgements.json" | null}`` (the
  campaign: its server without user or password)
* ``corpus.xml``: the instances to annotate (lexelt XML).
* ``training.xml`` (optional): the training instances, whose reference answers are in the
  manifest and are shown after the annotator commits each one.
* ``guidelines.md`` or ``guidelines.html`` (optional): the organiser's guidelines.
* ``judgements.json`` (optional): a judgement task (core/io/formats/judgement_task.py) for the
  package's instances, naming this annotator's shuffle seed: the candidates to judge.

The annotator returns the responses file exported from the app; training answers stay out of it.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.annotation.package_archive import (
    MAX_CORPUS_BYTES,
    MAX_GUIDELINES_BYTES,
    MAX_MANIFEST_BYTES,
    PackageArchive,
)
from lexsub_studio.core.annotation.package_manifest import (
    PACKAGE_FORMAT,
    PACKAGE_VERSION,
    Manifest,
    PackageCampaign,
    PackageContentError,
    annotator_name_problem,
    control_character_problem,
    parse_manifest,
    training_entries,
)
from lexsub_studio.core.annotation.store import Key
from lexsub_studio.core.annotation.work import WorkItem
from lexsub_studio.core.io.atomic import atomic_write_bytes
from lexsub_studio.core.io.formats.detect import PACKAGE_SUFFIX
from lexsub_studio.core.io.formats.limits import describe_size
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError

if TYPE_CHECKING:
    # The task's module loads the corpus reader: imported where a task is read or written.
    from lexsub_studio.core.io.formats.judgement_task import JudgementTask

MANIFEST = "manifest.json"
CORPUS_MEMBER = "corpus.xml"
TRAINING_MEMBER = "training.xml"
JUDGEMENT_TASK_MEMBER = "judgements.json"
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
    #: The team campaign the package belongs to (package_manifest.package_campaign), if any.
    campaign: PackageCampaign | None = None
    #: Candidates to judge for the package's instances (``JUDGEMENT_TASK_MEMBER``), if any.
    judgement_task: JudgementTask | None = None


def write_package(package: AnnotatorPackage, path: str | Path) -> None:
    """Write ``package`` as one ZIP file, atomically (``package_bytes`` says what is refused,
    before anything is written)."""
    atomic_write_bytes(path, package_bytes(package))


def package_bytes(package: AnnotatorPackage) -> bytes:
    """``package`` as the bytes of one ZIP file. PackageContentError for what ``read_package``
    would refuse: an annotator name or title with a control character, a name of only spaces,
    a member larger than its limit."""
    from lexsub_studio.core.io.formats.corpus_xml import corpus_to_xml

    if package.guidelines_format not in GUIDELINE_MEMBERS:
        raise ValueError(f"guidelines_format must be one of {sorted(GUIDELINE_MEMBERS)}")
    # Refused here, where the organiser can still choose another name, rather than when the
    # annotator exports their responses at the end of the work.
    problem = annotator_name_problem(package.annotator) if package.annotator else None
    if problem:
        raise PackageContentError(f"the annotator name {package.annotator!r} cannot be used: "
                                  f"{problem}")
    problem = control_character_problem(package.title)
    if problem:
        raise PackageContentError(f"the title {package.title!r} cannot be used: {problem}")
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
        "campaign": ({"url": package.campaign.url, "name": package.campaign.name}
                     if package.campaign is not None else None),
        "judgement_task": JUDGEMENT_TASK_MEMBER if package.judgement_task is not None else None,
    }
    members = {MANIFEST: json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
               CORPUS_MEMBER: corpus_to_xml(package.corpus)}
    if package.training is not None:
        members[TRAINING_MEMBER] = corpus_to_xml(package.training)
    if guidelines_member is not None and package.guidelines is not None:
        members[guidelines_member] = package.guidelines
    if package.judgement_task is not None:
        from lexsub_studio.core.io.formats.judgement_task import format_task

        members[JUDGEMENT_TASK_MEMBER] = format_task(package.judgement_task)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in members.items():
            data = text.encode("utf-8")
            limit = _member_limit(name)
            if len(data) > limit:
                raise PackageContentError(
                    f"the package's {name} would be {len(data):,} bytes, more than the "
                    f"{describe_size(limit)} a package's {name} may hold")
            archive.writestr(name, data)
    return buffer.getvalue()


def read_guidelines_file(path: str | Path) -> tuple[str, str]:
    """The organiser's guidelines file for a package, and its format (``html`` for .html and
    .htm, else ``markdown``); InputError when it is larger than a package may hold or is not
    UTF-8 text (with the line of the first byte that is not)."""
    where = str(path)
    with open(path, "rb") as handle:
        # One byte more than the limit tells a file that is too large, even a pipe or device.
        data = handle.read(MAX_GUIDELINES_BYTES + 1)
    if len(data) > MAX_GUIDELINES_BYTES:
        raise InputError.at(where, "guidelines-too-large",
                            f"the guidelines are larger than {describe_size(MAX_GUIDELINES_BYTES)}"
                            ", the most a package holds")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError.at(where, "not-utf8",
                            f"the guidelines are not UTF-8 text (byte 0x{data[error.start]:02x} "
                            "here); save them as UTF-8", line, column) from error
    return text, "html" if Path(path).suffix.lower() in (".html", ".htm") else "markdown"


def _member_limit(name: str) -> int:
    if name == MANIFEST:
        return MAX_MANIFEST_BYTES
    return (MAX_CORPUS_BYTES if name in (CORPUS_MEMBER, TRAINING_MEMBER, JUDGEMENT_TASK_MEMBER)
            else MAX_GUIDELINES_BYTES)


@dataclass(slots=True)
class PackageReadResult:
    package: AnnotatorPackage
    diagnostics: Diagnostics
    #: A digest of the corpus and training members: the package's identity for the store.
    digest: str


def read_package(path: str | Path, *, guidelines: bool = True) -> PackageReadResult:
    """Read a package; InputError (naming the package, and the member where there is one) when
    it cannot be used at all. Without ``guidelines`` that member is not read (``lexsub
    packages check`` has no use for it)."""
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes

    where = str(path)
    with PackageArchive(path) as archive:
        if MANIFEST not in archive:
            raise InputError.at(where, "bad-package", f"the package has no {MANIFEST}")
        manifest = parse_manifest(archive.read(MANIFEST, MAX_MANIFEST_BYTES),
                                  f"{where}!{MANIFEST}")
        diagnostics = Diagnostics(where)
        if CORPUS_MEMBER not in archive:
            raise InputError.at(where, "bad-package", f"the package has no {CORPUS_MEMBER}")
        corpus_bytes = archive.read(CORPUS_MEMBER, MAX_CORPUS_BYTES)
        corpus_result = read_corpus_bytes(corpus_bytes, f"{where}!{CORPUS_MEMBER}")
        diagnostics.extend(corpus_result.diagnostics)
        digest = hashlib.sha256(corpus_bytes)
        del corpus_bytes
        training = None
        if TRAINING_MEMBER in archive:
            training_bytes = archive.read(TRAINING_MEMBER, MAX_CORPUS_BYTES)
            digest.update(training_bytes)
            training_result = read_corpus_bytes(training_bytes, f"{where}!{TRAINING_MEMBER}")
            diagnostics.extend(training_result.diagnostics)
            training = training_result.corpus
        judgement_task = None
        if manifest.judgement_task is not None:
            judgement_task = _read_judgement_task(archive, manifest.judgement_task, where,
                                                  diagnostics, digest)
        text, text_format = (_read_guidelines(archive, manifest, diagnostics, where)
                             if guidelines else (None, "markdown"))
    references = _references(manifest, training, diagnostics)
    package = AnnotatorPackage(
        title=manifest.title or Path(where).stem, annotator=manifest.annotator,
        corpus=corpus_result.corpus, guidelines=text, guidelines_format=text_format,
        training=training, references=references, show_pos=manifest.show_pos,
        campaign=manifest.campaign, judgement_task=judgement_task)
    return PackageReadResult(package, diagnostics, digest.hexdigest()[:16])


def _read_judgement_task(archive: PackageArchive, member: str, where: str,
                         diagnostics: Diagnostics, digest: Any) -> JudgementTask:
    """The package's judgement task; it is the work itself, so a missing or unreadable one
    makes the package unusable (unlike guidelines). Its bytes join the package's digest: a
    judgement package never shares a store with a free-production package of the same
    instances."""
    if member not in archive:
        raise InputError.at(where, "bad-package",
                            f"the manifest names the judgement task {member} but the package "
                            "lacks it")
    from lexsub_studio.core.io.formats.judgement_task import parse_task_bytes

    data = archive.read(member, MAX_CORPUS_BYTES)
    digest.update(data)
    result = parse_task_bytes(data, f"{where}!{member}")
    diagnostics.extend(result.diagnostics)
    return result.task


def _read_guidelines(archive: PackageArchive, manifest: Manifest, diagnostics: Diagnostics,
                     where: str) -> tuple[str | None, str]:
    member = manifest.guidelines
    if member is None:
        return None, "markdown"
    if member not in archive:
        diagnostics.warning("missing-guidelines",
                            f"the manifest names {member} but the package lacks it; "
                            "the default guidelines are shown instead")
        return None, "markdown"
    try:
        data = archive.read(member, MAX_GUIDELINES_BYTES)
    except InputError as error:
        # The instances can still be annotated: the guidelines are one page beside them.
        diagnostics.warning(error.diagnostic.code,
                            f"{member}: {error.diagnostic.message}; the default guidelines are "
                            "shown instead")
        return None, "markdown"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = data.decode("utf-8", errors="replace")
        diagnostics.warning("guidelines-not-utf8",
                            f"{member} is not UTF-8 text (byte 0x{data[error.start]:02x} at "
                            f"offset {error.start:,}); the bytes that are not are shown as "
                            "\ufffd")
    return text, "html" if member.lower().endswith((".html", ".htm")) else "markdown"


def _references(manifest: Manifest, training: Corpus | None,
                diagnostics: Diagnostics) -> dict[Key, TrainingReference]:
    training_keys = set()
    if training is not None:
        training_keys = {(lx.item, inst.id) for lx in training.lexelts for inst in lx.instances}
    references: dict[Key, TrainingReference] = {}
    for entry in training_entries(manifest.training, diagnostics):
        reference = TrainingReference(entry.lexelt, entry.id, entry.substitutes,
                                      entry.multiword, entry.note)
        if reference.key not in training_keys:
            diagnostics.error("bad-training",
                              f"training entry {entry.number} ({reference.lexelt} "
                              f"{reference.id}) is not in {TRAINING_MEMBER}; ignored")
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
    #: The campaign a package belongs to (its URL has no password), offered to join on opening.
    campaign: PackageCampaign | None = None


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
            references=package.references, show_pos=package.show_pos,
            campaign=package.campaign)
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes

    data = target.read_bytes()
    result = read_corpus_bytes(data, str(target))
    diagnostics = result.diagnostics
    items = _unique(corpus_items(result.corpus), diagnostics)
    return AnnotationSource(target, target.stem, result.corpus, items,
                            hashlib.sha256(data).hexdigest()[:16], diagnostics,
                            stats=dict(result.stats))


def corpus_items(corpus: Corpus, training: bool = False) -> list[WorkItem]:
    # A C-level loop a lexelt (a corpus may hold 100,000 instances, made at every open).
    make = partial(tuple.__new__, WorkItem)
    items: list[WorkItem] = []
    append = items.append
    for lexelt in corpus.lexelts:
        instances = lexelt.instances
        if len(instances) == 1:  # as many lexelts as instances: no iterators to make for one
            append(make((lexelt.item, instances[0], training)))
        else:
            items.extend(map(make, zip(repeat(lexelt.item), instances, repeat(training))))
    return items


def _unique(items: list[WorkItem], diagnostics: Diagnostics) -> list[WorkItem]:
    """The items with each (lexelt, id) once; later repeats are reported and left out."""
    # The usual corpus has nothing to report: its ids alone are distinct (then so are the
    # pairs), which a set of the (already hashed) id strings tells without making a pair each.
    if len(set(map(attrgetter("instance.id"), items))) == len(items):
        return items
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
