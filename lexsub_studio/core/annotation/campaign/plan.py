"""The offline team workflow: annotator packages from one corpus, and checking what comes back.

``assign`` shares the instances among the annotators: every instance goes to exactly
``per_instance`` different annotators, and the annotators' loads differ by at most one. Instances
are visited in an order shuffled by the seed; each takes the least-loaded annotators, ties broken
first by how rarely the candidate already shares instances with the annotators chosen so far
(so that every pair of annotators gets items in common, which pairwise agreement needs) and then
by a seeded draw. Taking the least-loaded annotators keeps the loads within one of each other
at every step: if they were L or L+1 before, they are L+1 or L+2 after (or all equal).
The same seed, corpus and names give the same packages.

``check_responses`` compares the returned responses with what each annotator was given:
answered (a non-blank row), missing (no row, or a blank one), unexpected (a row for an instance
not given to that annotator, or from a name no package carries).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.annotation.campaign.deal import deal_instances
from lexsub_studio.core.annotation.package import (
    PACKAGE_SUFFIX,
    AnnotatorPackage,
    TrainingReference,
    package_bytes,
    read_package,
)
from lexsub_studio.core.annotation.package_manifest import PackageCampaign, annotator_name_problem
from lexsub_studio.core.io.formats.judgement_task import JudgementTask, task_for_annotator
from lexsub_studio.core.model.data import Corpus, GoldItem, Lexelt, ResponseRow
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.present.numbers import NOT_APPLICABLE, share
from lexsub_studio.core.present.text import aligned_lines

Key = tuple[str, str]

#: Names made up for ``--annotators N``: annotator01, annotator02, ...
GENERATED_NAME_PREFIX = "annotator"
#: At most this many annotators, by number or by name: a package (a file) or a database role
#: each, and every pair of them is balanced when instances are shared out. Far above any team
#: the task's protocols have used (tens), low enough that a typo such as 100000 is refused
#: at once instead of running for minutes.
MAX_ANNOTATORS = 1_000
_UNSAFE_FILE_CHARACTERS = re.compile(r"[^A-Za-z0-9._-]+")


def parse_annotators(spec: str) -> list[str]:
    """``"amira,bruno,chen"`` (names) or ``"4"`` (that many generated names).

    Raises ValueError with a sentence saying what is wrong: a name given twice, an empty name,
    a control character in a name (a tab or line break would break the tab-separated responses
    file), fewer than one or more than MAX_ANNOTATORS."""
    text = spec.strip()
    if text.isascii() and text.isdigit():
        if len(text.lstrip("0")) > len(str(MAX_ANNOTATORS)):
            raise ValueError(f"the number of annotators must be at most {MAX_ANNOTATORS:,}")
        count = int(text)
        if count < 1:
            raise ValueError("the number of annotators must be at least 1")
        if count > MAX_ANNOTATORS:
            raise ValueError(f"the number of annotators must be at most {MAX_ANNOTATORS:,}")
        width = max(2, len(str(count)))
        return [f"{GENERATED_NAME_PREFIX}{number:0{width}d}" for number in range(1, count + 1)]
    parts = text.split(",")
    if len(parts) > MAX_ANNOTATORS:
        raise ValueError(f"at most {MAX_ANNOTATORS:,} annotators can be named "
                         f"({len(parts):,} were)")
    for part in parts:
        # Checked before spaces are tidied, which would turn a tab or line break into a space.
        problem = annotator_name_problem(part)
        if problem and part.strip():
            raise ValueError(f"the annotator name {part.strip()!r} cannot be used: {problem}")
    names = [" ".join(part.split()) for part in parts]
    if any(not name for name in names):
        raise ValueError(f"an annotator name is empty in {spec!r} (names are separated by commas)")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(f"annotator name {name!r} is given twice")
        seen.add(name)
    return names


def assign(keys: Sequence[Key], annotators: Sequence[str], per_instance: int,
           seed: int) -> dict[str, list[Key]]:
    """Each annotator's instances, in the order of ``keys`` (see the module docstring; the
    dealing itself is deal.deal_instances, which a campaign server also uses)."""
    return deal_instances(keys, annotators, per_instance, seed)


def corpus_keys(corpus: Corpus) -> list[Key]:
    return [(lexelt.item, instance.id) for lexelt in corpus.lexelts
            for instance in lexelt.instances]


def subset_corpus(corpus: Corpus, keys: Iterable[Key]) -> Corpus:
    """The instances of ``keys`` in corpus order, lexelts without any left out."""
    wanted = set(keys)
    lexelts = []
    for lexelt in corpus.lexelts:
        kept = [instance for instance in lexelt.instances if (lexelt.item, instance.id) in wanted]
        if kept:
            lexelts.append(Lexelt(lexelt.item, kept, lexelt.line))
    return Corpus(lexelts, corpus.lang, corpus.path, corpus.doctype)


def package_file_name(annotator: str, taken: set[str]) -> str:
    """A file name from the annotator's name, safe on every system, distinct from ``taken``."""
    stem = _UNSAFE_FILE_CHARACTERS.sub("_", annotator).strip("._") or "annotator"
    name, number = f"{stem}{PACKAGE_SUFFIX}", 2
    while name.lower() in taken:
        name = f"{stem}-{number}{PACKAGE_SUFFIX}"
        number += 1
    taken.add(name.lower())
    return name


@dataclass(slots=True)
class Training:
    """Training instances given to every annotator, with reference answers where known."""

    corpus: Corpus
    references: dict[Key, TrainingReference] = field(default_factory=dict)


def training_from_gold(corpus: Corpus, gold: Sequence[GoldItem],
                       diagnostics: Diagnostics) -> Training:
    """Instances of ``corpus`` named by a gold file become training items, its entries (most
    frequent first, ``pn`` left out) their reference answers. Gold items not in the corpus are
    reported and ignored."""
    known = set(corpus_keys(corpus))
    references: dict[Key, TrainingReference] = {}
    for item in gold:
        if item.key not in known:
            diagnostics.warning("training-not-in-corpus",
                                f"gold item {item.lexelt} {item.id} is not in the corpus; "
                                "not used for training", item.line)
            continue
        substitutes = tuple(text for text, _ in item.entries if text != "pn")
        references[item.key] = TrainingReference(item.lexelt, item.id, substitutes)
    return Training(subset_corpus(corpus, references), references)


@dataclass(slots=True)
class PlannedPackage:
    annotator: str
    file_name: str
    package: AnnotatorPackage

    @property
    def keys(self) -> list[Key]:
        return corpus_keys(self.package.corpus)


@dataclass(slots=True)
class CampaignPlan:
    packages: list[PlannedPackage]
    per_instance: int
    seed: int
    #: instances shared out (training items excluded).
    instances: int
    training_items: int
    diagnostics: Diagnostics

    def loads(self) -> dict[str, int]:
        return {planned.annotator: len(planned.keys) for planned in self.packages}


def plan_campaign(corpus: Corpus, annotators: Sequence[str], per_instance: int, seed: int, *,
                  title: str = "Annotation round", training: Training | None = None,
                  guidelines: str | None = None, guidelines_format: str = "markdown",
                  show_pos: bool = False,
                  campaign: PackageCampaign | None = None,
                  judgement_task: JudgementTask | None = None) -> CampaignPlan:
    """One package per annotator (each naming ``campaign``, when given). Training instances
    that are also corpus instances are taken out of the assignment (an annotator must not meet
    them twice); a corpus instance given twice is shared out once, and reported. With a
    ``judgement_task``, each package also carries the task's candidates for its instances and
    its annotator's shuffle seed."""
    diagnostics = Diagnostics(corpus.path)
    training_keys = set(corpus_keys(training.corpus)) if training is not None else set()
    keys: list[Key] = []
    seen: set[Key] = set()
    for key in corpus_keys(corpus):
        if key in seen:
            diagnostics.warning("duplicate-instance",
                                f"instance {key[1]} of {key[0]} appears twice in the corpus; "
                                "it is assigned once")
            continue
        seen.add(key)
        if key not in training_keys:
            keys.append(key)
    moved = len(seen) - len(keys)
    if moved:
        diagnostics.info("training-instances",
                         f"{moved} corpus instance(s) are training items: given to every "
                         "annotator for training, not assigned for annotation")
    assignment = assign(keys, annotators, per_instance, seed)
    taken: set[str] = set()
    packages = []
    for name in annotators:
        package = AnnotatorPackage(
            title=title, annotator=name, corpus=subset_corpus(corpus, assignment[name]),
            guidelines=guidelines, guidelines_format=guidelines_format,
            training=training.corpus if training is not None and len(training.corpus) else None,
            references=dict(training.references) if training is not None else {},
            show_pos=show_pos, campaign=campaign)
        if judgement_task is not None:
            package.judgement_task = task_for_annotator(judgement_task, package.corpus, name)
        packages.append(PlannedPackage(name, package_file_name(name, taken), package))
    return CampaignPlan(packages, per_instance, seed, len(keys), len(training_keys), diagnostics)


def write_campaign(plan: CampaignPlan, directory: str | Path) -> list[Path]:
    """Write every package into ``directory`` (created if needed) as one set: all of the
    round's packages appear together, or none (core/io/output_set.py)."""
    from lexsub_studio.core.io.output_set import OutputSet

    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    with OutputSet() as packages:
        for planned in plan.packages:
            path = target / planned.file_name
            packages.add(path, package_bytes(planned.package))
            written.append(path)
    return written


def other_packages(directory: str | Path, plan: CampaignPlan) -> list[str]:
    """Packages already in ``directory`` that the plan does not write (an earlier round?):
    ``read_campaign`` would check them too, so the caller warns about them."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    planned = {p.file_name for p in plan.packages}
    return sorted(path.name for path in folder.glob(f"*{PACKAGE_SUFFIX}")
                  if path.name not in planned)


# -- checking what comes back ----------------------------------------------------------------------


@dataclass(slots=True)
class Campaign:
    """What each annotator was given, read back from a directory of packages."""

    given: dict[str, list[Key]]
    training: dict[str, set[Key]]
    files: dict[str, list[str]]
    diagnostics: Diagnostics


def read_campaign(directory: str | Path) -> Campaign:
    """Every ``*.lexsubpkg`` in ``directory``; InputError when there is none. Two packages for
    one annotator are pooled (with a warning); a package without an annotator name is an error
    and is left out."""
    folder = Path(directory)
    if not folder.is_dir():
        raise InputError.at(folder, "not-a-directory", "no such directory")
    paths = sorted(folder.glob(f"*{PACKAGE_SUFFIX}"))
    if not paths:
        raise InputError.at(folder, "no-packages",
                            f"the directory holds no annotator package (*{PACKAGE_SUFFIX})")
    diagnostics = Diagnostics(str(folder))
    given: dict[str, list[Key]] = {}
    training: dict[str, set[Key]] = {}
    files: dict[str, list[str]] = {}
    for path in paths:
        # The guidelines are not needed to know what each annotator was given.
        result = read_package(path, guidelines=False)
        package = result.package
        name = package.annotator.strip()
        if not name:
            diagnostics.error("package-without-annotator",
                              f"{path.name} names no annotator; its instances are not checked")
            continue
        if name in given:
            diagnostics.warning("annotator-in-several-packages",
                                f"annotator '{name}' has several packages ({files[name][0]}, "
                                f"{path.name}); their instances are checked together")
        files.setdefault(name, []).append(path.name)
        keys = given.setdefault(name, [])
        known = set(keys)
        keys.extend(key for key in corpus_keys(package.corpus) if key not in known)
        if package.training is not None:
            training.setdefault(name, set()).update(corpus_keys(package.training))
    return Campaign(given, training, files, diagnostics)


@dataclass(slots=True)
class AnnotatorCheck:
    annotator: str
    given: int
    answered: list[Key] = field(default_factory=list)
    #: given instances without a row, and given instances whose row is blank.
    missing: list[Key] = field(default_factory=list)
    blank: list[Key] = field(default_factory=list)
    #: rows for instances the annotator was not given.
    unexpected: list[Key] = field(default_factory=list)
    #: rows for the annotator's training items (expected to stay out; counted, not an error).
    training_rows: int = 0

    @property
    def percent(self) -> float:
        return 100.0 * len(self.answered) / self.given if self.given else 100.0

    @property
    def complete(self) -> bool:
        return not self.missing


@dataclass(slots=True)
class CheckReport:
    annotators: list[AnnotatorCheck]
    #: names found in the responses that no package carries, with their number of rows.
    unknown_annotators: dict[str, int]
    rows: int

    @property
    def has_missing(self) -> bool:
        return any(check.missing for check in self.annotators)

    @property
    def has_unexpected(self) -> bool:
        return bool(self.unknown_annotators) or any(c.unexpected for c in self.annotators)


def check_responses(given: Mapping[str, Sequence[Key]], rows: Iterable[ResponseRow],
                    training: Mapping[str, set[Key]] | None = None) -> CheckReport:
    """Compare returned rows with what each annotator was given (the first row of an
    (annotator, instance) counts, as in pooling)."""
    training = training or {}
    rows_by_annotator: dict[str, dict[Key, ResponseRow]] = {}
    unknown: dict[str, int] = {}
    count = 0
    for row in rows:
        count += 1
        if row.annotator not in given:
            unknown[row.annotator] = unknown.get(row.annotator, 0) + 1
            continue
        rows_by_annotator.setdefault(row.annotator, {}).setdefault(row.key, row)
    checks = []
    for name, keys in given.items():
        mine = rows_by_annotator.get(name, {})
        check = AnnotatorCheck(name, len(keys))
        for key in keys:
            row = mine.get(key)
            if row is None:
                check.missing.append(key)
            elif row.is_blank:
                check.missing.append(key)
                check.blank.append(key)
            else:
                check.answered.append(key)
        expected = set(keys)
        own_training = training.get(name, set())
        for key in mine:
            if key in expected:
                continue
            if key in own_training:
                check.training_rows += 1
            else:
                check.unexpected.append(key)
        checks.append(check)
    return CheckReport(checks, dict(sorted(unknown.items())), count)


def format_check_report(report: CheckReport, examples: int = 5) -> str:
    """The check as a table, one line per annotator, then examples of what is missing or
    unexpected (the first ``examples`` of each)."""
    headers = ["annotator", "given", "answered", "missing", "unexpected", "done"]
    table = [[c.annotator, str(c.given), str(len(c.answered)), str(len(c.missing)),
              str(len(c.unexpected)), share(len(c.answered), c.given)]
             for c in report.annotators]
    table += [[name, "0", "0", "0", str(rows), NOT_APPLICABLE]
              for name, rows in report.unknown_annotators.items()]
    lines = aligned_lines(headers, table)
    notes = []
    for check in report.annotators:
        if check.missing:
            shown = ", ".join(" ".join(key) for key in check.missing[:examples])
            more = " ..." if len(check.missing) > examples else ""
            blank = f" ({len(check.blank)} of them blank rows)" if check.blank else ""
            notes.append(f"{check.annotator}: missing {shown}{more}{blank}")
        if check.unexpected:
            shown = ", ".join(" ".join(key) for key in check.unexpected[:examples])
            more = " ..." if len(check.unexpected) > examples else ""
            notes.append(f"{check.annotator}: not given to them: {shown}{more}")
        if check.training_rows:
            notes.append(f"{check.annotator}: {check.training_rows} row(s) for training items "
                         "(not counted)")
    for name, rows in report.unknown_annotators.items():
        notes.append(f"{name}: no package names this annotator; {rows} row(s) unexpected")
    if notes:
        lines += ["", *notes]
    return "\n".join(lines) + "\n"
