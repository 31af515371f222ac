"""Where bundled resources and demo data live, whatever way the package was installed."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class DemoLesson:
    """The demo as an instructor shows it (File › Open the demo lesson): the corpus annotated,
    the five annotators' responses pooled, the gold and the systems scored (docs/demo.md)."""

    corpus: Path
    responses: tuple[Path, ...]
    gold: Path
    multiword_gold: Path
    systems: tuple[Path, ...]
    #: Where the lesson writes what it keeps (the curation decisions): a folder of the user's,
    #: never the demo's own, which belongs to the installation and may be read-only.
    own_folder: Path


def demo_lesson() -> DemoLesson:
    from lexsub_studio.core.runtime.settings_paths import studio_home

    folder = demo_dir()
    return DemoLesson(
        corpus=folder / "demo.xml",
        responses=tuple(sorted((folder / "responses").glob("*.tsv"))),
        gold=folder / "gold",
        multiword_gold=folder / "gold.mw",
        systems=tuple(sorted(path for path in (folder / "systems").iterdir()
                             if path.is_file())),
        own_folder=studio_home() / "demo-lesson")


def is_bundled(path: str | Path) -> bool:
    """Whether ``path`` lies in the installed data (the demo): never a place to save to."""
    try:
        Path(path).resolve().relative_to(data_dir().resolve())
    except ValueError:
        return False
    return True
