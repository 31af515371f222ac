"""The plain data every part shares, its diagnostics, and columnar coding helpers."""
