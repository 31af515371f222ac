"""The optional parts of LexSub Studio and the packages they need (pyproject's extras).

Campaigns on a PostgreSQL server need psycopg, the WordNet baseline needs nltk; neither is
installed with the plain package. Every place that imports one asks here for the sentence that
names the extra to install, so the command line and the GUI give the same advice.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True, slots=True)
class Extra:
    #: The extra's name in ``pip install 'lexsub-studio[NAME]'``.
    name: str
    #: The module imported (``psycopg``, ``nltk``).
    module: str
    #: What the extra makes possible, as a sentence's subject (plural).
    purpose: str

    @property
    def install_command(self) -> str:
        return f"pip install 'lexsub-studio[{self.name}]'"

    def missing_text(self) -> str:
        """Why the feature cannot run and what to install, in one sentence."""
        return (f"{self.purpose} need the Python package {self.module}, which is not installed; "
                f"install it with {self.install_command}")


CAMPAIGN = Extra("campaign", "psycopg", "campaigns on a PostgreSQL server")
WORDNET = Extra("wordnet", "nltk", "the WordNet baseline and WordNet candidates")


class MissingExtra(ImportError):
    """An optional package is not installed; ``str()`` says which extra brings it."""

    def __init__(self, extra: Extra) -> None:
        super().__init__(extra.missing_text(), name=extra.module)
        self.extra = extra


def require(extra: Extra) -> ModuleType:
    """The extra's module, imported; MissingExtra when it is not installed."""
    try:
        return importlib.import_module(extra.module)
    except ImportError as error:
        raise MissingExtra(extra) from error


def is_installed(extra: Extra) -> bool:
    try:
        require(extra)
    except MissingExtra:
        return False
    return True
