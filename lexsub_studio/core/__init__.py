"""Pure-Python core: formats, data model, gold assembly, agreement, scoring and storage.

Nothing under this package may import Qt; tests/test_architecture.py enforces it.
"""
