"""The words the definitions of the figures and measures rest on: item, T, mode, H, attempted ...

The glossary (Help › Glossary, docs/agreement.md "Glossary") lists these first, so that every
word a figure's definition uses is defined too; the numbers come from ``rules``, so a definition
can never say another threshold than the one every figure counts with.
"""

from __future__ import annotations

from lexsub_studio.core.model.rules import MIN_RESPONSES_IN_T, OOT_LIMIT

#: (label, definition), in the order a reader needs them.
BASIC_TERMS: tuple[tuple[str, str], ...] = (
    ("Item", "One occurrence of a target word in its sentence (a lexelt and an id): what an "
             "annotator answers and a system is scored on."),
    ("Substitute", "A word or phrase given in place of the target in the item's sentence, by "
                   "an annotator or by a system (an answer)."),
    ("Pooled substitutes", "Every annotator's substitutes for one item put together, each with "
                           "the number of annotators who gave it (its count); NIL and "
                           "proper-name answers are not substitutes."),
    ("Items of T (T)", f"The items the official measures count: those whose pooled "
                       f"substitutes number {MIN_RESPONSES_IN_T} or more (at least "
                       f"{MIN_RESPONSES_IN_T} responses, as the SemEval-2007 task defines "
                       f"it); an item with fewer is left out of every figure said to be over "
                       f"the items of T."),
    ("Mode", "The one substitute of an item given more often than any other, when exactly one "
             "is and more than one annotator gave it; an item may have none (a tie). The gold "
             "mode is the mode of the item's gold line."),
    ("Gold count", "How many annotators gave a substitute on the item: its number in the gold "
                   "line (freq)."),
    ("H", "An item's number of responses: the gold counts of its substitutes summed."),
    ("Attempted items", "The items of T for which the system gave at least one answer: "
                        "precision is over these, recall over every item of T."),
    ("best", "The task where a system's answers are its best guesses: an item's credit is "
             "divided among its answers, so one good answer scores best."),
    ("oot", f"Out of ten: the task where a system may give up to {OOT_LIMIT} answers and the "
            f"credit is not divided among them."),
    ("Multiword", "A phrase the target word is part of (\"take off\", \"bright spark\"); "
                  "the multiword mode of an item is one given by two or more annotators."),
    ("Pair score", "For two annotators who both gave substitutes for an item, the overlap of "
                   "their substitute sets divided by their union: 1 for equal sets, 0 for "
                   "disjoint ones."),
    ("Chance", "The agreement expected if the annotators gave their answers at random, each "
               "answer as often as they use it overall: alpha and kappa count only the "
               "agreement beyond it."),
    ("Coverage precision and recall", "Jabbari et al. (2010): the share of a system's answers "
                                      "that are gold substitutes, and the share of the gold "
                                      "substitutes the answers hold."),
    ("Curation decision", "A change the organiser makes to the pooled answers or the gold "
                          "(merge, spelling correction, drop, add, exclude), signed and dated "
                          "in the adjudication file; counted apart from the input problems."),
    ("Input problem", "Something in a responses file that is not as the format expects (a "
                      "duplicate row, a repeated substitute, an unknown item): reported with "
                      "its file and line, and how it was counted."),
)
