"""LexSub Studio: annotate, pool, measure agreement on and score lexical substitution data."""

__version__ = "0.1.0"
