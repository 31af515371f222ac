"""Every command on small inputs: its CPU time beside the 0.5 s target (start-up included).

On inputs of up to 2,000 items a command's time is mostly the interpreter's start and the
modules it imports, so each row measures a whole ``lexsub`` process: CPU seconds (user +
system, from wait4) of the best of ``--repeat`` runs. The inputs are generated: a 2,000-instance
corpus, five annotators' responses files of 2,000 rows on it, the gold pooled from them, three
annotators' judgements of that gold's substitutes, and the best, oot and multiword system files
of 2,000 items of bench_score.py with their gold; ``--demo`` adds the same commands on the demo
lesson (data/demo). A measurement, not a test: it exits 0 whatever the figures.

    python benchmarks/bench_small_inputs.py
    python benchmarks/bench_small_inputs.py --repeat 5 --demo
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from scratch import scratch_folder

HERE = Path(__file__).resolve().parent
DEMO = HERE.parent / "data" / "demo"
CONLL = sorted(str(path) for path in (HERE.parent / "data" / "conll").glob("*.conll"))
LEXSUB = [sys.executable, "-m", "lexsub_studio.cli.main"]
SIZE = 2_000
ANNOTATORS = 5
TARGET_SECONDS = 0.5

# -- data -----------------------------------------------------------------------------------------


def _generate_here(folder: Path) -> None:
    """The inputs, written in this (child) process with the project's own writers."""
    sys.path.insert(0, str(HERE))
    import bench_agreement
    import bench_score

    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.formats.judgements import write_judgements
    from lexsub_studio.core.model.judgements import LABELS, JudgementRow

    responses = folder / "responses"
    responses.mkdir()
    rows = bench_agreement.generate(SIZE, ANNOTATORS, 2007)
    bench_agreement.write_files(responses, rows)
    # The corpus holds the responses' instances, so that every command reads one dataset.
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n']
    lexelt = None
    for row in next(iter(rows.values())):
        if row.lexelt != lexelt:
            if lexelt is not None:
                parts.append("</lexelt>\n")
            lexelt = row.lexelt
            parts.append(f'<lexelt item="{lexelt}">\n')
        lemma = lexelt.rsplit(".", 1)[0]
        parts.append(f'<instance id="{row.id}">\n<context>the words before <head>{lemma}</head>'
                     f" and the words after it .</context>\n</instance>\n")
    parts.append("</lexelt>\n</corpus>\n")
    (folder / "corpus.xml").write_text("".join(parts), encoding="utf-8")
    subprocess.run([*LEXSUB, "gold", *sorted(str(p) for p in responses.glob("*.tsv")),
                    "-o", str(folder / "gold"), "--mw", str(folder / "gold.mw")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    gold = read_gold(folder / "gold").items
    judgements = folder / "judgements"
    judgements.mkdir()
    for number, annotator in enumerate(("ann", "bob", "cy")):
        labelled = [JudgementRow(item.lexelt, item.id, annotator, word,
                                 LABELS[(rank + number + position) % 3], float(rank + 1))
                    for position, item in enumerate(gold)
                    for rank, (word, _) in enumerate(item.entries[:5])]
        write_judgements(labelled, judgements / f"{annotator}.judgements.tsv")
    _write_conll(folder / "sentences.conll")
    systems = folder / "systems"
    systems.mkdir()
    bench_score.generate(systems, SIZE)
    # A second system on the same gold: every third line takes the next line's answer.
    lines = (systems / f"best.{SIZE}").read_text(encoding="utf-8").splitlines(keepends=True)
    other = [line.split(" :: ")[0] + " :: " + lines[number + 1].split(" :: ", 1)[1]
             if number % 3 == 0 and number + 1 < len(lines) and " :: " in line
             and " :: " in lines[number + 1] else line
             for number, line in enumerate(lines)]
    (systems / "other").mkdir()
    (systems / "other" / f"best.{SIZE}").write_text("".join(other), encoding="utf-8")


#: (form, lemma, tag) of the generated sentences' words; the targets are the content words.
CONLL_WORDS = [("the", "the", "DT"), ("bright", "bright", "JJ"), ("lamp", "lamp", "NN"),
               ("runs", "run", "VBZ"), ("quickly", "quickly", "RB"), ("field", "field", "NN"),
               ("holds", "hold", "VBZ"), ("quiet", "quiet", "JJ"), ("a", "a", "DT"),
               ("river", "river", "NN")]
CONLL_TARGETS = "lamp.n,run.v,quiet.a,quickly.r,field.n,hold.v,bright.a,river.n"


def _write_conll(path: Path) -> None:
    """SIZE sentences of twelve tokens, each holding several of the targets (eight targets of
    250 sentences each make a task of SIZE instances)."""
    lines = []
    for sentence in range(SIZE):
        lines.append(f"#{sentence + 1}")
        for token in range(12):
            form, lemma, tag = CONLL_WORDS[(sentence * 3 + token * 7) % len(CONLL_WORDS)]
            lines.append(f"{token + 1}\t{form}\t{lemma}\t{tag}")
        lines.append("13\t.\t.\t.\n")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def generate(folder: Path) -> None:
    subprocess.run([sys.executable, __file__, "--generate", str(folder)], check=True)


# -- the commands ---------------------------------------------------------------------------------

#: (label, the command's arguments for a dataset folder and an output folder)
Plan = tuple[str, Callable[[dict[str, object], Path], list[str]]]


def generated_inputs(folder: Path) -> dict[str, object]:
    systems = folder / "systems"
    return {
        "corpus": str(folder / "corpus.xml"), "gold": str(folder / "gold"),
        "mwgold": str(folder / "gold.mw"),
        "responses": sorted(str(p) for p in (folder / "responses").glob("*.tsv")),
        "judgements": sorted(str(p) for p in (folder / "judgements").glob("*.tsv")),
        "conll": [str(folder / "sentences.conll")],
        "score_gold": str(systems / f"gold.{SIZE}"), "best": str(systems / f"best.{SIZE}"),
        "oot": str(systems / f"oot.{SIZE}"), "mw": str(systems / f"mw.{SIZE}"),
        "score_mwgold": str(systems / f"mwgold.{SIZE}"),
        "other_best": str(systems / "other" / f"best.{SIZE}"),
    }


def demo_inputs(folder: Path) -> dict[str, object]:
    sys.path.insert(0, str(HERE.parent / "tests"))
    judgements = folder / "demo_judgements"
    judgements.mkdir(exist_ok=True)
    subprocess.run([sys.executable, "-c",
                    "import sys; sys.path.insert(0, sys.argv[1]);"
                    "from pathlib import Path; from judgement_files import write_demo_judgements;"
                    "write_demo_judgements(Path(sys.argv[2]))",
                    str(HERE.parent / "tests"), str(judgements)], check=True)
    systems = DEMO / "systems"
    return {
        "corpus": str(DEMO / "demo.xml"), "gold": str(DEMO / "gold"),
        "mwgold": str(DEMO / "gold.mw"),
        "responses": sorted(str(p) for p in (DEMO / "responses").glob("*.tsv")),
        "judgements": sorted(str(p) for p in judgements.glob("*.tsv")),
        "conll": CONLL,
        "score_gold": str(DEMO / "gold"), "best": str(systems / "alpha.best"),
        "oot": str(systems / "alpha.oot"), "mw": str(systems / "alpha.mw"),
        "score_mwgold": str(DEMO / "gold.mw"), "other_best": str(systems / "beta.best"),
    }


def _list(value: object) -> list[str]:
    return list(value) if isinstance(value, list) else [str(value)]


PLANS: list[Plan] = [
    ("validate CORPUS", lambda f, o: ["validate", str(f["corpus"])]),
    ("validate GOLD BEST OOT MW RESPONSES...",
     lambda f, o: ["validate", str(f["score_gold"]), str(f["best"]), str(f["oot"]), str(f["mw"]),
                   *_list(f["responses"])]),
    ("stats CORPUS GOLD MWGOLD RESPONSES...",
     lambda f, o: ["stats", str(f["corpus"]), str(f["gold"]), str(f["mwgold"]),
                   *_list(f["responses"])]),
    ("score BEST GOLD (official)", lambda f, o: ["score", str(f["best"]), str(f["score_gold"])]),
    ("score BEST GOLD --clean",
     lambda f, o: ["score", str(f["best"]), str(f["score_gold"]), "--clean"]),
    ("score OOT GOLD -t oot --metrics all",
     lambda f, o: ["score", str(f["oot"]), str(f["score_gold"]), "-t", "oot",
                   "--metrics", "all"]),
    ("score MW MWGOLD -t mw",
     lambda f, o: ["score", str(f["mw"]), str(f["score_mwgold"]), "-t", "mw"]),
    ("compare BEST1 BEST2 GOLD",
     lambda f, o: ["compare", str(f["best"]), str(f["other_best"]), str(f["score_gold"])]),
    ("gold RESPONSES... -o GOLD --mw MW",
     lambda f, o: ["gold", *_list(f["responses"]), "-o", str(o / "gold"),
                   "--mw", str(o / "gold.mw")]),
    ("agree RESPONSES...", lambda f, o: ["agree", *_list(f["responses"])]),
    ("agree RESPONSES... --format json",
     lambda f, o: ["agree", *_list(f["responses"]), "--format", "json"]),
    ("convert CORPUS --gold GOLD --to swords",
     lambda f, o: ["convert", str(f["corpus"]), str(o / "swords.json"), "--gold", str(f["gold"]),
                   "--to", "swords"]),
    ("convert SWORDS --to lexsub",  # the file the row above wrote
     lambda f, o: ["convert", str(o / "swords.json"), str(o / "back.xml"), "--to", "lexsub"]),
    ("baseline frequency GOLD",
     lambda f, o: ["baseline", "frequency", str(f["gold"]), "-o", str(o / "baseline")]),
    ("make-task CONLL... --targets ...",
     lambda f, o: ["make-task", *_list(f["conll"]), "--targets", CONLL_TARGETS,
                   "--per-target", str(SIZE // 8), "-o", str(o / "task.xml")]),
    ("packages make CORPUS",
     lambda f, o: ["packages", "make", str(f["corpus"]), "--annotators", "5",
                   "--per-instance", "2", "--seed", "1", "-o", str(o / "packages")]),
    ("packages check DIR RESPONSES...",
     lambda f, o: ["packages", "check", str(o / "packages"), *_list(f["responses"])]),
    ("judge make CORPUS --gold GOLD",
     lambda f, o: ["judge", "make", str(f["corpus"]), "--gold", str(f["gold"]),
                   "-o", str(o / "task.judge")]),
    ("judge pool JUDGEMENTS... --corpus CORPUS",
     lambda f, o: ["judge", "pool", *_list(f["judgements"]), "--corpus", str(f["corpus"]),
                   "-o", str(o / "pooled")]),
    ("campaign --help", lambda f, o: ["campaign", "--help"]),
]


# -- measuring ------------------------------------------------------------------------------------


def cpu_seconds(command: list[str], tree: Path | None = None) -> tuple[float, int]:
    """One child's CPU seconds (user + system, its own) and its exit status; ``tree``: a
    source tree whose lexsub_studio the child imports instead of this one's."""
    environment = None
    if tree is not None:
        environment = dict(os.environ, PYTHONPATH=str(tree))
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=environment)
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def measure(inputs: dict[str, object], output: Path, repeat: int, label: str,
            other_tree: Path | None) -> None:
    trees: list[Path | None] = [None] if other_tree is None else [other_tree, None]
    for work, arguments in PLANS:
        best = {tree: float("inf") for tree in trees}
        status = 0
        for _ in range(repeat):
            for tree in trees:  # interleaved: a busy moment slows both trees alike
                if work.startswith("packages make"):
                    shutil.rmtree(output / "packages", ignore_errors=True)
                seconds, status = cpu_seconds([*LEXSUB, *arguments(inputs, output)], tree)
                best[tree] = min(best[tree], seconds)
        ours = best[None]
        verdict = "met" if ours <= TARGET_SECONDS else "NOT MET"
        if status not in (0, 1):
            verdict += f" (exit {status})"
        other = f" {best[other_tree]:.2f} s |" if other_tree is not None else ""
        print(f"| `lexsub {work}`, {label} |{other} {ours:.2f} s | <= {TARGET_SECONDS} s | "
              f"{verdict} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["--generate"]:
        _generate_here(Path(arguments[1]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (best kept)")
    parser.add_argument("--demo", action="store_true", help="also every command on data/demo")
    parser.add_argument("--against", type=Path, metavar="TREE",
                        help="also time the lexsub_studio of another source tree (a checkout "
                             "of an older commit), its runs interleaved with this tree's")
    options = parser.parse_args(arguments)
    # Timed as installed: bytecode cached (see bench_targets.py).
    for tree in (HERE.parent, options.against):
        if tree is not None:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "lexsub_studio")],
                           check=False, stdout=subprocess.DEVNULL)
    print(f"CPU seconds (user + system) of each `lexsub` process, start-up included, best of "
          f"{options.repeat}. {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.")
    if options.against is not None:
        print(f"| work | CPU, {options.against} | CPU | target | verdict |")
        print("|---|---|---|---|---|")
    else:
        print("| work | CPU | target | verdict |")
        print("|---|---|---|---|")
    with scratch_folder("lexsub_small") as name:
        scratch = Path(name)
        data = scratch / "data"
        data.mkdir()
        generate(data)
        out = scratch / "out"
        out.mkdir()
        measure(generated_inputs(data), out, options.repeat, f"{SIZE:,} items",
                options.against)
        if options.demo:
            demo_out = scratch / "demo_out"
            demo_out.mkdir()
            measure(demo_inputs(scratch), demo_out, options.repeat, "demo", options.against)
    return 0


if __name__ == "__main__":
    sys.exit(main())
