"""The garbage-collector policy a benchmark runs under (core/runtime/collector.py), by name.

The core never touches the collector; the process that calls it does. A benchmark stands in for
such a process, so it applies one policy for its whole run: ``command`` (the default), as
``lexsub`` runs a command; ``gui``, as ``lexsub-studio`` runs for hours (its worker threads do
the bulk work); ``none``, Python's defaults, as a library caller (a script, a test) gets them.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator

from lexsub_studio.core.runtime.collector import paused_for_the_run, settle_for_a_long_run

POLICIES = ("command", "gui", "none")


def add_policy_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--collector", choices=POLICIES, default="command",
                        help="the process's garbage-collector policy: command (as lexsub runs, "
                             "the default), gui (as lexsub-studio runs), none (Python's "
                             "defaults)")


@contextlib.contextmanager
def process_policy(name: str) -> Iterator[None]:
    """The named policy over the block."""
    if name == "command":
        with paused_for_the_run():
            yield
        return
    if name == "gui":
        settle_for_a_long_run()
    yield
