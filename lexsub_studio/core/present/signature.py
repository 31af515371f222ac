"""The one-line reproducibility signature every printed or exported figure carries.

A figure is only comparable with another computed the same way: the same program version, the
same mode (official or clean), the same convention and the same switches. The signature names
them in one line, in a fixed order, so that two reports whose signatures differ are known not to
be comparable before any number is read (docs/reproduction.md, "The signature")::

    lexsub-studio:0.1.0|cmd:score|mode:clean|kind:best|convention:semeval2007|metrics:official|...

Fields are ``name:value`` joined by ``|``. Values never hold ``|``, ``:`` or white space (such
characters become ``_``): a signature is one token a shell, a spreadsheet or a paper can quote.
Booleans are ``yes``/``no``, a missing value is ``none``, a set of names is sorted and joined by
``+``, numbers are written shortest (``1``, ``0.95``).

This module imports nothing beyond the standard library and the package's version, so the
official scoring path may sign its runs without loading more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from lexsub_studio import __version__

PROGRAM = "lexsub-studio"
#: What the signature's line starts with where a text report or a file comment holds it.
LABEL = "signature"
_UNSAFE = re.compile(r"[|:\s]+")

SignatureValue = str | int | float | bool | None | Iterable[str]


def _value(value: SignatureValue) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:g}"
    if not isinstance(value, str):
        names = sorted(str(name) for name in value)
        return "+".join(_UNSAFE.sub("_", name) for name in names) if names else "none"
    return _UNSAFE.sub("_", value) or "none"


def signature(command: str, mode: str, switches: Mapping[str, SignatureValue]) -> str:
    """The signature of one run of ``command`` in ``mode`` with ``switches`` (in their order).

    >>> signature("agree", "responses", {"case": "lower", "alpha": True, "bootstrap": 0})
    'lexsub-studio:0.1.0|cmd:agree|mode:responses|case:lower|alpha:yes|bootstrap:0'
    """
    fields = [f"{PROGRAM}:{__version__}", f"cmd:{_value(command)}", f"mode:{_value(mode)}"]
    fields += [f"{_value(name)}:{_value(value)}" for name, value in switches.items()]
    return "|".join(fields)


def score_signature(*, kind: str, mode: str = "clean", release: str = "final",
                    convention: str = "semeval2007", families: Iterable[str] = ("official",),
                    kept_defects: Iterable[str] = (), penalty: float = 1.0,
                    strict_lexelt: bool = False, command: str = "score") -> str:
    """The signature of a scoring run: ``lexsub score``, the scoring view and its exports.

    ``mode`` is ``official`` (the official program reproduced; ``release`` says which) or
    ``clean`` (its defects fixed but ``kept_defects``); ``convention`` the published evaluation
    whose figures are given (``semeval2007`` for the task's own).

    >>> score_signature(kind="oot", families=("official", "ranking"), kept_defects={"spelling"})
    'lexsub-studio:0.1.0|cmd:score|mode:clean|kind:oot|convention:semeval2007|metrics:official+ranking|keep:spelling|penalty:1|lexelt:lenient'
    >>> score_signature(kind="best", mode="official", release="trial")
    'lexsub-studio:0.1.0|cmd:score|mode:official|kind:best|release:trial'
    """
    if mode == "official":
        return signature(command, mode, {"kind": kind, "release": release})
    return signature(command, mode, {
        "kind": kind, "convention": convention, "metrics": tuple(families),
        "keep": tuple(kept_defects), "penalty": penalty,
        "lexelt": "strict" if strict_lexelt else "lenient"})


def convention_signature(*, kind: str, convention: str, candidates: str | None,
                         lemmatised: bool) -> str:
    """The signature of a published script's figure (``lexsub score --convention``):
    ``candidates`` is None (the system's own answers ranked), ``gold`` or ``file``.

    >>> convention_signature(kind="oot", convention="melamud", candidates=None, lemmatised=False)
    'lexsub-studio:0.1.0|cmd:score|mode:convention|kind:oot|convention:melamud|candidates:none|lemmatised:no'
    """
    return signature("score", "convention", {"kind": kind, "convention": convention,
                                             "candidates": candidates,
                                             "lemmatised": lemmatised})


def compare_signature(*, kinds: tuple[str, str], measure: str, methods: Iterable[str],
                      samples: int, seed: int | None, strict_lexelt: bool = False) -> str:
    """The signature of a significance test of two systems (``lexsub compare``): both files'
    kinds, the measure compared (clean scoring), the tests, their samples and seed.

    >>> compare_signature(kinds=("oot", "weighted"), measure="oot.recall",
    ...                   methods=("bootstrap",), samples=10000, seed=7)
    'lexsub-studio:0.1.0|cmd:compare|mode:clean|kinds:oot/weighted|measure:oot.recall|tests:bootstrap|samples:10000|seed:7|lexelt:lenient'
    """
    return signature("compare", "clean", {
        "kinds": "/".join(kinds), "measure": measure, "tests": tuple(methods),
        "samples": samples, "seed": seed, "lexelt": "strict" if strict_lexelt else "lenient"})


def agreement_signature(*, case: str, merges: int, alpha: bool = True, bootstrap: int = 0,
                        seed: int | None = None, confidence: float = 0.95,
                        mode: str = "responses", unsure: str | None = None) -> str:
    """The signature of an agreement report: ``lexsub agree``, the agreement view, its exports.

    ``case`` is ``lower`` (responses lower-cased, the default) or ``kept``; ``merges`` the
    number of merges applied before counting; ``mode`` ``responses`` or ``judgements`` (whose
    ``unsure`` policy is then named).

    >>> agreement_signature(case="lower", merges=0, bootstrap=1000, seed=7)
    'lexsub-studio:0.1.0|cmd:agree|mode:responses|case:lower|merges:0|alpha:yes|bootstrap:1000|seed:7|confidence:0.95'
    """
    switches: dict[str, SignatureValue] = (
        {"unsure": unsure} if mode == "judgements" else {"case": case, "merges": merges,
                                                         "alpha": alpha})
    switches |= {"bootstrap": bootstrap, "seed": seed if bootstrap else None,
                 "confidence": confidence if bootstrap else None}
    return signature("agree", mode, switches)


def gold_signature(*, case: str, merges: int, adjudicated: bool) -> str:
    """The signature of a pooled gold (``lexsub gold``): how responses became its counts.

    >>> gold_signature(case="lower", merges=3, adjudicated=False)
    'lexsub-studio:0.1.0|cmd:gold|mode:pooled|case:lower|merges:3|adjudicated:no'
    """
    return signature("gold", "pooled", {"case": case, "merges": merges,
                                        "adjudicated": adjudicated})


def judgement_pool_signature() -> str:
    """The signature of a gold pooled from judgements (``lexsub judge pool``): a candidate's
    count is its number of acceptable votes.

    >>> judgement_pool_signature()
    'lexsub-studio:0.1.0|cmd:judge-pool|mode:judgements|count:acceptable-votes'
    """
    return signature("judge-pool", "judgements", {"count": "acceptable-votes"})


def swords_signature(*, lemmatised: bool) -> str:
    """The signature of the SWORDS measures (``lexsub score --metrics swords``): the settings
    and reference sets are fixed, only ``--lemmatise`` changes a figure.

    >>> swords_signature(lemmatised=True)
    'lexsub-studio:0.1.0|cmd:score|mode:swords|lemmatised:yes'
    """
    return signature("score", "swords", {"lemmatised": lemmatised})


def stats_signature(*, gold: str, multiword_gold: bool, responses: int) -> str:
    """The signature of dataset statistics (``lexsub stats``, the Dataset workspace): where the
    ``gold`` came from (``file``, ``corpus`` for a benchmark that holds it, or ``none``), where
    the multiword figures came from (a multiword gold, else the responses, else none) and how
    many responses files were pooled (the agreement's and the responses' figures need them).

    >>> stats_signature(gold="file", multiword_gold=False, responses=3)
    'lexsub-studio:0.1.0|cmd:stats|mode:dataset|gold:file|multiword:responses|responses:3'
    """
    multiword = "gold" if multiword_gold else "responses" if responses else "none"
    return signature("stats", "dataset", {"gold": gold, "multiword": multiword,
                                          "responses": responses})


def baseline_signature(*, kind: str, items: str, seed: int | None = None) -> str:
    """The signature of a baseline's answers (``lexsub baseline``): its ``kind``, whether the
    ``items`` answered are the ``corpus``'s instances or the ``gold``'s items, and the ``seed``
    of the random baseline (``none`` for the others, which have no randomness).

    >>> baseline_signature(kind="random", items="gold", seed=3)
    'lexsub-studio:0.1.0|cmd:baseline|mode:random|items:gold|seed:3'
    """
    return signature("baseline", kind, {"items": items,
                                        "seed": seed if kind == "random" else None})


def signature_line(text: str, prefix: str = "") -> str:
    """``text`` as the line a report holds it on: ``{prefix}signature: {text}``."""
    return f"{prefix}{LABEL}: {text}\n"


def signature_csv(text: str) -> str:
    """The signature as a CSV section of its own: a ``signature`` header and its row."""
    quoted = '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"') else text
    return f"{LABEL}\n{quoted}\n"
