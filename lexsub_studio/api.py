"""LexSub Studio's public API for scripts: read files, score, measure agreement, pool a gold.

Everything here is a thin, typed facade over ``lexsub_studio.core`` (the same code the ``lexsub``
command and the app run, so a script's figures are theirs); it never loads Qt. Names not in
``__all__`` are internal and may change between versions. docs/api.md is the guide.

Bad input is never skipped in silence: readers return their ``diagnostics`` (file, line and
column of each problem) next to what they read, and an unreadable file raises ``InputError``.

The examples run on the demo data bundled with the package (``demo_path``):

>>> from lexsub_studio import api
>>> report = api.score_clean(api.demo_path("systems/alpha.best"), api.demo_path("gold"))
>>> round(report.figures["best.precision"].value, 4)
0.3598
>>> report.signature
'lexsub-studio:0.1.0|cmd:score|mode:clean|kind:best|convention:semeval2007|metrics:official|keep:none|penalty:1|lexelt:lenient'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.agreement.pool import PooledResponses, pool_responses
from lexsub_studio.core.agreement.report import AgreementReport, compute_agreement
from lexsub_studio.core.gold.adjudication import adjudicated_gold_texts
from lexsub_studio.core.gold.assembly import GoldAssembly, assemble_gold, read_sources
from lexsub_studio.core.io.formats.corpus_reader import CorpusReadResult, read_corpus_bytes
from lexsub_studio.core.io.formats.gold import GoldReadResult, read_gold_bytes
from lexsub_studio.core.io.formats.system import SystemReadResult, read_system_bytes
from lexsub_studio.core.io.formats.textfile import read_input_bytes
from lexsub_studio.core.io.formats.weighted import WeightedReadResult, read_weighted_bytes
from lexsub_studio.core.model.data import Corpus, GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic, InputError
from lexsub_studio.core.model.response_form import NormaliseOptions
from lexsub_studio.core.present.signature import (
    agreement_signature,
    gold_signature,
    score_signature,
)
from lexsub_studio.core.scoring.official.scorer import OfficialRun, run_official
from lexsub_studio.core.scoring.report.score_report import ScoreReport, score
from lexsub_studio.core.scoring.report.types import Figure, ScoreOptions
from lexsub_studio.paths import demo_dir

__all__ = [
    "AgreementReport",
    "Corpus",
    "CorpusReadResult",
    "Diagnostic",
    "Figure",
    "GoldItem",
    "GoldReadResult",
    "InputError",
    "OfficialScore",
    "PooledGold",
    "ScoreReport",
    "SystemAnswer",
    "SystemReadResult",
    "WeightedAnswer",
    "WeightedReadResult",
    "agreement",
    "demo_path",
    "pool_gold",
    "read_corpus",
    "read_gold",
    "read_system",
    "score_clean",
    "score_official",
]

PathLike = str | Path


def demo_path(name: str = "") -> Path:
    """A file of the demo data bundled with the package (``gold``, ``systems/alpha.best``,
    ``responses/amira.tsv``, ``demo.xml``); the demo folder itself without a name.

    >>> demo_path("gold").name
    'gold'
    """
    return demo_dir() / name if name else demo_dir()


def _file_bytes(path: PathLike, role: str) -> bytes:
    """The bytes of ``path``, or an InputError saying in one sentence why they cannot be read
    (within core/io/formats/limits.py's limits, as the command line reads files)."""
    try:
        return read_input_bytes(Path(path))
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        raise InputError.at(path, "unreadable", f"cannot read the {role} file: {reason}.",
                            ) from None


def read_corpus(path: PathLike) -> CorpusReadResult:
    """Read a SemEval-2007 corpus (XML): ``.corpus`` and the problems found (``.diagnostics``).

    >>> result = read_corpus(demo_path("demo.xml"))
    >>> len(result.corpus.lexelts), len(result.diagnostics)
    (10, 0)
    """
    return read_corpus_bytes(_file_bytes(path, "corpus"), str(path))


def read_gold(path: PathLike, *, multiword: bool = False) -> GoldReadResult:
    """Read a gold file (``lexelt id :: sub count;...``): ``.items`` (``GoldItem``) and
    ``.diagnostics``. ``multiword=True`` reads a multiword gold (``gold.mw``).

    >>> gold = read_gold(demo_path("gold"))
    >>> item = gold.items[0]
    >>> item.lexelt, item.id, item.entries[:2]
    ('bright.a', '1', [('clever', 4), ('intelligent', 2)])
    """
    return read_gold_bytes(_file_bytes(path, "gold"), str(path), multiword=multiword)


def read_system(path: PathLike, kind: str = "best",
                ) -> SystemReadResult | WeightedReadResult:
    """Read a system's answers of ``kind`` best, oot, mw or weighted: ``.answers`` and
    ``.diagnostics``.

    >>> answers = read_system(demo_path("systems/alpha.best")).answers
    >>> answers[0].lexelt, answers[0].id, answers[0].answers
    ('bright.a', '1', ['clever', 'quick witted'])
    """
    data = _file_bytes(path, "system")
    if kind == "weighted":
        return read_weighted_bytes(data, str(path))
    return read_system_bytes(data, kind, str(path))


def score_clean(system: PathLike, gold: PathLike, *, kind: str = "best",
                metrics: Iterable[str] = ("official",), keep_defects: Iterable[str] = (),
                penalty: float = 1.0, strict_lexelt: bool = False) -> ScoreReport:
    """Clean scoring (the official scorer's defects fixed; docs/metrics.md), as
    ``lexsub score --clean``: ``.figures`` maps a key such as ``best.precision`` to a
    ``Figure`` (``value`` None when undefined), ``.items`` the per-item rows, ``.diagnostics``
    both readers' notes and ``.signature`` the run's reproducibility signature.

    ``metrics``: official, jabbari, ranking. ``keep_defects``: fixes switched off (the names of
    ``lexsub score --keep-defect``). ``penalty``: the k of coverage precision.

    >>> report = score_clean(demo_path("systems/alpha.oot"), demo_path("gold"), kind="oot",
    ...                      metrics=("official", "ranking"))
    >>> round(report.figures["oot.recall"].value, 4), round(report.figures["ranking.gap"].value, 4)
    (0.5702, 0.3605)
    """
    options = ScoreOptions(kind=kind, families=tuple(metrics),
                           kept_defects=frozenset(keep_defects), penalty=penalty,
                           strict_lexelt=strict_lexelt)
    gold_result = read_gold(gold, multiword=kind == "mw")
    system_result = read_system(system, kind)
    lines = system_result.answers
    report = score(lines, gold_result.table, options, system_name=str(system),
                   gold_name=str(gold))
    report.diagnostics = [*gold_result.diagnostics, *system_result.diagnostics]
    return report


@dataclass(frozen=True, slots=True)
class OfficialScore:
    """The official scorer's run: ``text`` what it prints, byte for byte, decoded;
    ``figures`` its unrounded figures as fractions (None when undefined) and the counts behind
    them; ``exit_code`` the program's; ``signature`` the run's reproducibility signature."""

    text: str
    figures: dict[str, float | int | None]
    exit_code: int
    signature: str
    run: OfficialRun


def score_official(system: PathLike, gold: PathLike, *, task: str = "best",
                   release: str = "final") -> OfficialScore:
    """The official SemEval-2007 scorer (``score.pl``) reproduced, quirks included, as
    ``lexsub score SYSTEM GOLD -t TASK --scorer RELEASE``; ``task`` best, oot or mw.

    >>> official = score_official(demo_path("systems/alpha.best"), demo_path("gold"))
    >>> print(official.text, end="")
    Total = 54, attempted = 54
    precision = 35.98, recall = 35.98
    Total with mode 44 attempted 44
    Mode precision = 75.00, Mode recall = 75.00
    >>> official.signature
    'lexsub-studio:0.1.0|cmd:score|mode:official|kind:best|release:final'
    """
    run = run_official(_file_bytes(system, "system"), _file_bytes(gold, "gold"),
                       task=task, release=release, system_name=str(system),
                       gold_name=str(gold))
    return OfficialScore(run.stdout.decode("utf-8", "replace"), dict(run.totals),
                         run.exit_code,
                         score_signature(kind=task, mode="official", release=release), run)


def _pool(responses: Sequence[PathLike], keep_case: bool) -> tuple[PooledResponses,
                                                                   list[Diagnostic]]:
    sources, read_notes = read_sources(list(responses))
    pooled = pool_responses(sources, options=NormaliseOptions(lowercase=not keep_case))
    return pooled, [*read_notes, *pooled.diagnostics]


def agreement(responses: Sequence[PathLike], *, keep_case: bool = False, alpha: bool = True,
              bootstrap: int = 0, seed: int | None = None,
              confidence: float = 0.95) -> AgreementReport:
    """Inter-annotator agreement of responses files, as ``lexsub agree``: ``.figures`` maps
    ``pairwise_agreement``, ``mode_agreement``, ``alpha_masi`` ... to a value (None when
    undefined); ``.signature`` is set to the run's signature. With ``bootstrap`` N, percentile
    intervals (``.intervals``) from N resamplings of the items, reproducible with ``seed``.

    >>> files = sorted(demo_path("responses").glob("*.tsv"))
    >>> report = agreement(files)
    >>> report.annotators
    ['amira', 'bruno', 'chen', 'dara', 'emil']
    >>> round(report.figures["pairwise_agreement"], 4)
    0.2985
    """
    pooled, notes = _pool(responses, keep_case)
    report = compute_agreement(pooled, alpha=alpha, bootstrap=bootstrap, seed=seed,
                               confidence=confidence)
    report.signature = agreement_signature(
        case="kept" if keep_case else "lower", merges=0, alpha=alpha, bootstrap=bootstrap,
        seed=seed, confidence=confidence)
    report.input_diagnostics = notes
    return report


@dataclass(frozen=True, slots=True)
class PooledGold:
    """A gold pooled from responses, as ``lexsub gold -o GOLD --mw GOLD.MW`` writes it:
    ``items`` and ``multiword_items`` (``GoldItem``), ``text`` and ``multiword_text`` the files'
    contents, ``diagnostics`` the readers' and the pooling's notes, ``signature`` how it was
    pooled."""

    items: list[GoldItem]
    multiword_items: list[GoldItem]
    text: str
    multiword_text: str
    diagnostics: list[Diagnostic]
    signature: str
    assembly: GoldAssembly


def pool_gold(responses: Sequence[PathLike], *, keep_case: bool = False) -> PooledGold:
    """Pool responses files into a gold (each substitute counted once per annotator, the
    responses trimmed and, unless ``keep_case``, lower-cased).

    >>> gold = pool_gold(sorted(demo_path("responses").glob("*.tsv")))
    >>> print(gold.text.splitlines()[0])
    bright.a 1 :: clever 4;intelligent 2;able 1;gifted 1;quick-witted 1;smart 1;
    """
    pooled, notes = _pool(responses, keep_case)
    assembly = assemble_gold(pooled)
    text, multiword_text = adjudicated_gold_texts(assembly, None)
    return PooledGold(assembly.gold, assembly.multiword_gold, text, multiword_text,
                      [*notes, *assembly.diagnostics],
                      gold_signature(case="kept" if keep_case else "lower", merges=0,
                                     adjudicated=False),
                      assembly)
