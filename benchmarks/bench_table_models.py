"""The cost of one ``data()`` call of the GUI's biggest table models (gui/table_model.py).

A view asks a model for every visible cell and role at each repaint and scroll, and the
annotation list's filter asks for every row: the role dispatch is paid millions of times on a
100,000-instance corpus. Prints, offscreen, the best of five passes over every 10th row, each
column and the roles a view asks (display, tool tip, alignment, colours, font, the sort and key
roles):

- the instance list of Annotate over ``--instances`` instances (its status role included);
- the Items table of Scoring over ``--instances`` items x ``--systems`` systems.

Times are CPU times of this process (the machine may be shared).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_table_models.py [--instances 100000]

A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

#: The roles a table view asks each visible cell for, and the models' own roles.
VIEW_ROLES = (0, 3, 6, 7, 8, 9, 257, 258)


def _per_call(model: Any, rows: Sequence[int], roles: Sequence[int]) -> tuple[int, float]:
    """Calls made and the best time of one ``data()`` call, in nanoseconds."""
    indexes = [model.index(row, column) for row in rows for column in range(model.columnCount())]
    best = float("inf")
    for _ in range(5):
        started = time.process_time()
        for index in indexes:
            for role in roles:
                model.data(index, role)
        best = min(best, time.process_time() - started)
    calls = len(indexes) * len(roles)
    return calls, best / calls * 1e9


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=100_000)
    parser.add_argument("--systems", type=int, default=20)
    options = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    import numpy as np
    from PySide6.QtWidgets import QApplication

    from lexsub_studio.core.annotation.work import AnnotationWork, WorkItem
    from lexsub_studio.core.model.data import Instance
    from lexsub_studio.core.scoring.compare.item_matrix import ItemScores
    from lexsub_studio.gui.annotate.instance_model import InstanceTableModel
    from lexsub_studio.gui.scoring.models import ItemsModel

    application = QApplication.instance() or QApplication([sys.argv[0]])
    count = options.instances
    rows = range(0, count, 10)
    work = AnnotationWork([WorkItem(f"bright{n // 250}.a",
                                    Instance(str(n), f"A bright day, number {n} .", 2, 8))
                           for n in range(count)], "bench")
    instances = InstanceTableModel()
    instances.set_work(work)
    calls, nanoseconds = _per_call(instances, rows, VIEW_ROLES)
    print(f"instance list, {count} instances: {calls} calls, {nanoseconds:.0f} ns a call")

    generator = np.random.default_rng(2010)
    scores = generator.random((count, options.systems))
    scores[generator.random(scores.shape) < 0.05] = np.nan
    items = ItemsModel()
    items.set_items(ItemScores([(f"bright{n // 250}.a", str(n)) for n in range(count)],
                               ["a"] * count, [f"system{n}" for n in range(options.systems)],
                               scores))
    calls, nanoseconds = _per_call(items, rows, VIEW_ROLES)
    print(f"items table, {count} items x {options.systems} systems: {calls} calls, "
          f"{nanoseconds:.0f} ns a call")
    del application
    return 0


if __name__ == "__main__":
    sys.exit(main())
