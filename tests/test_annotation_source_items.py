"""The work items of an annotation source: one per instance, lexelt by lexelt, and each
(lexelt, id) once (a package's training and task corpora may share one: the later is reported
and left out, whether or not ids repeat across lexelts)."""

from __future__ import annotations

from lexsub_studio.core.annotation.package import _unique, corpus_items
from lexsub_studio.core.annotation.work import WorkItem
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics


def _corpus(*lexelts: tuple[str, list[str]]) -> Corpus:
    return Corpus(lexelts=[Lexelt(item, [Instance(number, f"a {item} {number}", 2, 3)
                                         for number in ids]) for item, ids in lexelts])


def test_items_are_named_tuples_in_corpus_order() -> None:
    corpus = _corpus(("bright.a", ["1", "2"]), ("dark.a", ["3"]))
    items = corpus_items(corpus, training=True)
    assert all(type(item) is WorkItem for item in items)
    assert [(item.lexelt, item.instance.id, item.training) for item in items] == [
        ("bright.a", "1", True), ("bright.a", "2", True), ("dark.a", "3", True)]
    assert items[0] == WorkItem("bright.a", corpus.lexelts[0].instances[0], True)
    assert corpus_items(Corpus()) == []


def test_an_id_in_two_lexelts_is_kept_and_a_repeated_pair_reported() -> None:
    training = corpus_items(_corpus(("bright.a", ["1"])), training=True)
    task = corpus_items(_corpus(("bright.a", ["1", "2"]), ("dark.a", ["1"])))
    diagnostics = Diagnostics("p")
    kept = _unique(training + task, diagnostics)
    assert [(item.lexelt, item.instance.id, item.training) for item in kept] == [
        ("bright.a", "1", True), ("bright.a", "2", False), ("dark.a", "1", False)]
    assert [item.code for item in diagnostics.items] == ["duplicate-instance"]
    distinct = _corpus(("bright.a", ["1"]), ("dark.a", ["1"]))
    quiet = Diagnostics("p")
    assert _unique(corpus_items(distinct), quiet) == corpus_items(distinct)
    assert quiet.items == []
