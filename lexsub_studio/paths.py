"""Where bundled resources and demo data live, whatever way the package was installed."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _package_dir(package: str) -> Path:
    return Path(str(resources.files(package)))


def resources_dir() -> Path:
    """The directory of bundled resources (icons, default guidelines)."""
    return _package_dir("lexsub_studio.resources")


def data_dir() -> Path:
    """The directory of bundled data (the demo set, samples)."""
    return _package_dir("lexsub_studio.data")


def docs_dir() -> Path:
    """The user documentation (docs/*.md and its screenshots), for Help > User guide and the
    self-test, which checks the demo's figures against docs/demo.md."""
    return _package_dir("lexsub_studio.docs")


def demo_dir() -> Path:
    """The bundled demo dataset: corpus, annotator responses, gold and system outputs."""
    return data_dir() / "demo"


def demo_corpus() -> Path:
    return demo_dir() / "demo.xml"
