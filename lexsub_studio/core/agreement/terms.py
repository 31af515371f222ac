"""What each agreement figure and table column is called, and what it means.

Keys (``pairwise_agreement``) stay the JSON and CSV names; people see the labels. Each
definition is one line, written once here and quoted in docs/agreement.md ("Glossary"), so the
tool tips, the Help > Glossary window, the command line and the docs say the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Term:
    label: str
    definition: str


FIGURE_TERMS: dict[str, Term] = {
    "pairwise_agreement": Term(
        "Pairwise agreement",
        "For every item of T and every two annotators who both gave substitutes, the size of "
        "the overlap of their substitute sets divided by the size of their union; the mean over "
        "all these pair scores."),
    "mode_agreement": Term(
        "Mode agreement",
        "Over the items of T with a mode (one substitute given more often than any other), the "
        "share of annotators' answers that contain the mode."),
    "mode_agreement_loo": Term(
        "Mode agreement (leave one out)",
        "Each annotator's answer checked against the mode of the other annotators alone, so "
        "that nobody agrees with a mode they helped make."),
    "mw_identification_agreement": Term(
        "Multiword identification agreement",
        "For every two annotators who both answered an item, the share of pairs that agree on "
        "whether the target is part of a multiword (both marked one, or neither did)."),
    "mw_string_agreement": Term(
        "Multiword string agreement",
        "For every two annotators who both marked a multiword, the share of pairs that wrote "
        "the same multiword."),
    "alpha_masi": Term(
        "Krippendorff's alpha (MASI)",
        "1 minus observed over expected disagreement between annotators' substitute sets, with "
        "the MASI distance (partial overlaps count less than equal sets); 0 is chance, 1 "
        "perfect agreement."),
    "alpha_jaccard": Term(
        "Krippendorff's alpha (Jaccard)",
        "Krippendorff's alpha with the Jaccard distance (1 minus overlap over union) between "
        "substitute sets; 0 is chance, 1 perfect agreement."),
    "fleiss_kappa_mw": Term(
        "Fleiss' kappa (multiword decision)",
        "Agreement on the yes/no decision \"part of a multiword\" beyond what chance would "
        "give from how often annotators say yes; 0 is chance, below 0 less than chance."),
}

#: The columns of the per-annotator, per-group and per-item tables that are not figures.
COLUMN_TERMS: dict[str, Term] = {
    "annotator": Term("Annotator", "The annotator's name as the responses file gives it."),
    "rows": Term("Rows", "Rows the annotator's files hold."),
    "answered": Term("Answered", "Items with substitutes, a multiword, NIL or proper name."),
    "missing": Term("Missing", "Items the annotator has no answer for (no row, or a blank "
                               "one): left out, not counted as disagreement."),
    "nil": Term("NIL", "Items answered with NIL (no substitute fits)."),
    "proper_name": Term("Proper name", "Items where the target is part of a name."),
    "multiword": Term("Multiword", "Items where a multiword was marked."),
    "pairs": Term("Pairs", "Pair scores behind pairwise agreement."),
    "mode_n": Term("Mode checks", "Answers checked against the item's mode."),
    "loo_n": Term("Leave-one-out checks", "Answers checked against the others' mode."),
    "items": Term("Items", "Items with any answer."),
    "items_in_T": Term("In T", "Items whose pooled substitutes number 2 or more."),
    "items_with_mode": Term("With a mode", "Items of T with one most frequent substitute."),
    "mw_pairs": Term("Multiword pairs", "Pairs behind multiword identification agreement."),
    "mw_string_pairs": Term("Multiword string pairs",
                            "Pairs behind multiword string agreement."),
    "lexelt": Term("Target", "The target word and its part of speech (lexelt)."),
    "pos": Term("PoS", "Part of speech: n, v, a or r."),
}


def label(key: str) -> str:
    """The human label of a figure or column; the key itself when it has none."""
    term = FIGURE_TERMS.get(key) or COLUMN_TERMS.get(key)
    return term.label if term is not None else key


def definition(key: str) -> str:
    term = FIGURE_TERMS.get(key) or COLUMN_TERMS.get(key)
    return term.definition if term is not None else ""


#: The figures and columns of the agreement of judgements (core/agreement/judgements.py), whose
#: keys are that report's; quoted in docs/agreement.md ("Glossary of judgements").
JUDGEMENT_TERMS: dict[str, Term] = {
    "alpha": Term(
        "Krippendorff's alpha (nominal)",
        "1 minus observed over expected disagreement between the labels annotators gave the "
        "same candidate, two different labels counting 1 and equal labels 0; 0 is chance, 1 "
        "perfect agreement."),
    "fleiss_kappa": Term(
        "Fleiss' kappa",
        "Agreement on the labels beyond what chance would give from how often each label is "
        "used, over the candidates labelled by two annotators or more; 0 is chance, below 0 "
        "less than chance."),
    "pairwise_agreement": Term(
        "Pairwise percent agreement",
        "Of every two annotators who labelled the same candidate, the share who gave it the "
        "same label."),
    "annotator": Term("Annotator", "The annotator's name as the judgements file gives it."),
    "judgements": Term("Judgements", "Candidates the annotator labelled."),
    "acceptable": Term("Acceptable", "Candidates the annotator judged acceptable."),
    "not-acceptable": Term("Not acceptable",
                           "Candidates the annotator judged not acceptable."),
    "unsure": Term("Unsure", "Candidates the annotator was unsure of."),
    "pairs": Term("Pairs", "Pairs of labels (this annotator's and another's on the same "
                           "candidate) behind the annotator's pairwise agreement."),
    "pair": Term("Pair", "Two annotators."),
    "units": Term("Candidates", "Candidates both annotators of the pair labelled."),
    "interval": Term("Interval", "The bootstrap percentile interval: items drawn with "
                                 "replacement, each bringing all its candidates."),
}


def judgement_label(key: str) -> str:
    term = JUDGEMENT_TERMS.get(key)
    return term.label if term is not None else key


def judgement_definition(key: str) -> str:
    term = JUDGEMENT_TERMS.get(key)
    return term.definition if term is not None else ""
