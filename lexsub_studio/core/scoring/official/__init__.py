"""The official SemEval-2007 scorer, both releases, byte for byte."""
