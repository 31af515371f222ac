"""The later benchmarks as datasets: any supported format read into a corpus plus gold (or a
system's answers), written in another, and summarised. Behind ``lexsub convert``,
``lexsub validate`` (coinco, swords, swords-result, simplification) and ``lexsub stats``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_studio.core.io.formats import coinco, simplification, swords
from lexsub_studio.core.io.summary_counts import pos_counts, spread
from lexsub_studio.core.model.data import Corpus, GoldItem, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic, InputError

#: Formats ``lexsub convert`` reads and writes, with what each holds.
FORMATS: dict[str, str] = {
    "lexsub": "lexelt XML corpus, plus a gold file beside it",
    "coinco": "CoInCo XML (corpus and gold in one file)",
    "swords": "SWORDS benchmark JSON (.gz: gzipped)",
    "simplification": "lexical simplification TSV (sentence, word, substitutes)",
    "weighted": "weighted system answers (Senseval-3 format)",
    "swords-result": "SWORDS result JSON (a system's ranked substitutes)",
}
#: Formats that hold a system's answers rather than a dataset.
ANSWER_FORMATS = frozenset({"weighted", "swords-result"})


@dataclass(slots=True)
class Dataset:
    """What a benchmark file holds, in the project's model."""

    corpus: Corpus | None = None
    gold: list[GoldItem] = field(default_factory=list)
    answers: list[WeightedAnswer] | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    #: The file's own model (CoincoDocument, SwordsBenchmark, rows), for what only it holds.
    source: Any = None


def read_dataset(path: str | Path, fmt: str, *, gold_path: str | Path | None = None,
                 benchmark_path: str | Path | None = None) -> Dataset:
    """Read ``path`` as ``fmt``. ``gold_path``: the gold of a lexsub corpus;
    ``benchmark_path``: the SWORDS benchmark that names a result's lexelts."""
    name = str(path)
    if fmt == "coinco":
        result = coinco.read_coinco(path)
        conversion = coinco.to_corpus_and_gold(result.document, name)
        return Dataset(conversion.corpus, conversion.gold, None,
                       [*result.diagnostics, *conversion.diagnostics], conversion.counts)
    if fmt == "swords":
        read = swords.read_swords(path)
        swords_conversion = swords.to_corpus_and_gold(read.benchmark, name)
        return Dataset(swords_conversion.corpus, swords_conversion.gold, None,
                       [*read.diagnostics, *swords_conversion.diagnostics],
                       source=read.benchmark)
    if fmt == "simplification":
        rows = simplification.read_simplification(path)
        tsv = simplification.to_corpus_and_gold(rows.rows, name)
        return Dataset(tsv.corpus, tsv.gold, None, [*rows.diagnostics, *tsv.diagnostics],
                       tsv.counts)
    if fmt == "swords-result":
        result_file, diagnostics = swords.read_swords_result(path)
        benchmark = (swords.read_swords(benchmark_path).benchmark if benchmark_path else None)
        return Dataset(answers=swords.result_to_weighted(result_file, benchmark),
                       diagnostics=list(diagnostics), source=result_file)
    if fmt == "weighted":
        from lexsub_studio.core.io.formats.weighted import read_weighted
        weighted = read_weighted(path)
        return Dataset(answers=weighted.answers, diagnostics=list(weighted.diagnostics))
    if fmt == "lexsub":
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus
        from lexsub_studio.core.io.formats.gold import read_gold
        corpus = read_corpus(path)
        dataset = Dataset(corpus.corpus, diagnostics=list(corpus.diagnostics))
        if gold_path is not None:
            gold = read_gold(gold_path)
            dataset.gold = gold.items
            dataset.diagnostics += list(gold.diagnostics)
        return dataset
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


def write_dataset(dataset: Dataset, fmt: str, out: str | Path,
                  gold_out: str | Path | None = None) -> list[str]:
    """Write ``dataset`` as ``fmt``; returns the paths written. ValueError when the dataset
    cannot be written in that format (a dataset as answers, an id CoInCo cannot hold ...)."""
    if (fmt in ANSWER_FORMATS) != (dataset.answers is not None):
        held = "a system's answers" if dataset.answers is not None else "a corpus and gold"
        raise ValueError(f"the input holds {held}, which cannot be written as {fmt}")
    if fmt == "weighted":
        from lexsub_studio.core.io.formats.weighted import write_weighted
        write_weighted(dataset.answers or [], out)
        return [str(out)]
    if fmt == "swords-result":
        if isinstance(dataset.source, swords.SwordsResult):
            result = dataset.source  # its own scores and flag, not the weights made of them
        else:
            result = swords.SwordsResult({answer.id: list(answer.ranked)
                                          for answer in dataset.answers or []})
        swords.write_swords_result(result, out)
        return [str(out)]
    corpus = dataset.corpus or Corpus()
    if fmt == "coinco":
        coinco.write_coinco(coinco.from_corpus_and_gold(corpus, dataset.gold), out)
    elif fmt == "swords":
        # A SWORDS file read is written back whole: the corpus and gold made of it keep only
        # the substitutes with a positive label, and their counts.
        benchmark = (dataset.source if isinstance(dataset.source, swords.SwordsBenchmark)
                     else swords.from_corpus_and_gold(corpus, dataset.gold))
        swords.write_swords(benchmark, out)
    elif fmt == "simplification":
        simplification.write_simplification(
            simplification.from_corpus_and_gold(corpus, dataset.gold), out)
    elif fmt == "lexsub":
        from lexsub_studio.core.io.formats.corpus_writer import corpus_to_xml
        from lexsub_studio.core.io.formats.gold import format_gold_line
        from lexsub_studio.core.io.output_set import write_output_set
        gold_target = Path(gold_out) if gold_out else default_gold_path(out)
        # Both texts are made before anything is written (a substitute a gold line cannot
        # hold raises here), and the two files appear together or not at all.
        gold_text = "".join(format_gold_line(item) + "\n" for item in dataset.gold)
        write_output_set([(out, corpus_to_xml(corpus)), (gold_target, gold_text)])
        return [str(out), str(gold_target)]
    else:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    return [str(out)]


def default_gold_path(corpus_out: str | Path) -> Path:
    """``NAME.xml`` -> ``NAME.gold``: where a converted corpus's gold goes unless named."""
    path = Path(corpus_out)
    return path.with_suffix(".gold") if path.suffix else path.with_name(path.name + ".gold")


# --- summaries for lexsub validate and lexsub stats ---------------------------------------------

def summarise_dataset(dataset: Dataset) -> dict[str, Any]:
    summary: dict[str, Any] = {}
    if dataset.corpus is not None:
        corpus = dataset.corpus
        summary.update({
            "lexelts": len(corpus.lexelts),
            "instances": len(corpus),
            "pos": pos_counts(lexelt.item for lexelt in corpus.lexelts
                              for _ in lexelt.instances),
            "instances_per_lexelt": spread(len(lexelt.instances) for lexelt in corpus.lexelts),
            "gold_items": len(dataset.gold),
            "substitutes_per_item": spread(len(item.entries) for item in dataset.gold),
            "responses_per_item": spread(sum(count for _, count in item.entries)
                                         for item in dataset.gold),
            "items_in_T": sum(sum(count for _, count in item.entries) >= 2
                              for item in dataset.gold),
            "multiword_substitutes": sum(" " in sub for item in dataset.gold
                                         for sub, _ in item.entries),
        })
    if dataset.answers is not None:
        summary.update({
            "items": len(dataset.answers),
            "answers": sum(len(answer.ranked) for answer in dataset.answers),
            "answers_per_item": spread(len(answer.ranked) for answer in dataset.answers),
        })
    summary.update(dataset.counts)
    return summary


def summarise_swords_labels(benchmark: swords.SwordsBenchmark) -> dict[str, Any]:
    """Label counts of a SWORDS benchmark: how many of each, and substitutes without labels."""
    counts = dict.fromkeys(swords.LABELS, 0)
    unlabelled = 0
    for substitute in benchmark.substitutes.values():
        if substitute.labels is None:
            unlabelled += 1
        for label in substitute.labels or []:
            counts[label] += 1
    return {"targets": len(benchmark.targets), "contexts": len(benchmark.contexts),
            "substitutes": len(benchmark.substitutes), "labels": counts,
            "substitutes_without_labels": unlabelled,
            "substitutes_lemmatized": benchmark.substitutes_lemmatized}


def validate_bytes(data: bytes, path: str, fmt: str) -> tuple[dict[str, Any], list[Diagnostic]]:
    """``lexsub validate``'s summary and diagnostics of one of these formats."""
    if fmt == "coinco":
        result = coinco.read_coinco_bytes(data, path)
        conversion = coinco.to_corpus_and_gold(result.document, path)
        dataset = Dataset(conversion.corpus, conversion.gold, None, [], conversion.counts)
        return summarise_dataset(dataset), [*result.diagnostics, *conversion.diagnostics]
    if fmt == "swords":
        read = swords.read_swords_bytes(data, path)
        converted = swords.to_corpus_and_gold(read.benchmark, path)
        summary = summarise_dataset(Dataset(converted.corpus, converted.gold))
        summary.update(summarise_swords_labels(read.benchmark))
        return summary, [*read.diagnostics, *converted.diagnostics]
    if fmt == "swords-result":
        result, diagnostics = swords.read_swords_result_bytes(data, path)
        answers = swords.result_to_weighted(result)
        return summarise_dataset(Dataset(answers=answers)), list(diagnostics)
    if fmt == "simplification":
        rows = simplification.read_simplification_bytes(data, path)
        tsv = simplification.to_corpus_and_gold(rows.rows, path)
        return (summarise_dataset(Dataset(tsv.corpus, tsv.gold, counts=tsv.counts)),
                [*rows.diagnostics, *tsv.diagnostics])
    raise InputError.at(path, "unknown-kind", f"{fmt} is not a benchmark format")
