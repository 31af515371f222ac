"""The published evaluation scripts as named profiles, how each reads the gold, and the
candidate sets of candidate ranking."""
