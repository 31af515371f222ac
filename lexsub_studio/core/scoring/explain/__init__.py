"""Explanations in words: where clean and official scoring differ and why, how each reads
a gold line, and the formula behind each figure."""
