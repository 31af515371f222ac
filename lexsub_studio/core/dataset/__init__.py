"""New corpora and datasets: CoNLL input, making a task, statistics, baselines."""
