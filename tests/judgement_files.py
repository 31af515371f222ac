"""Three annotators' judgements files on the demo corpus, written with the project's writer
(the GUI tests of judgements share them)."""

from __future__ import annotations

from pathlib import Path

from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.judgements import write_judgements
from lexsub_studio.core.model.judgements import LABELS, JudgementRow

DEMO = Path(__file__).resolve().parents[1] / "data" / "demo"
DEMO_CORPUS = DEMO / "demo.xml"
ANNOTATORS = ("ann", "bob", "cy")


def write_demo_judgements(directory: Path, items: int = 12) -> list[Path]:
    """Each annotator judges the demo gold's substitutes (and one wrong word) of the first
    ``items`` items: mostly acceptable, with disagreements that vary by annotator, some
    *unsure*, and one item the third annotator leaves out."""
    gold = read_gold(DEMO / "gold").items[:items]
    paths = []
    for number, annotator in enumerate(ANNOTATORS):
        rows = []
        for position, item in enumerate(gold):
            if annotator == "cy" and position == 3:
                continue
            candidates = [*(word for word, _ in item.entries[:5]), "xylophone"]
            for rank, word in enumerate(candidates):
                if word == "xylophone":
                    label = LABELS[1] if (position + number) % 4 else LABELS[2]
                else:
                    label = LABELS[(rank * (number + 1) + position) % 5 // 2]
                rows.append(JudgementRow(item.lexelt, item.id, annotator, word, label,
                                         float(rank + 1)))
        path = directory / f"{annotator}.judgements.tsv"
        write_judgements(rows, path)
        paths.append(path)
    return paths
