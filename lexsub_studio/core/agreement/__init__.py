"""Annotator agreement: pooling responses, pairwise and mode agreement, multiword agreement,
Krippendorff's alpha (MASI, Jaccard), Fleiss' kappa and bootstrap intervals (spec §3).

``pool.pool_responses`` builds the normalised table; ``report.compute_agreement`` computes every
figure from it. Nothing here imports Qt; long steps take a ``progress.Monitor``.
"""
