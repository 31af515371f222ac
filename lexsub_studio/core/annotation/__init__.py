"""The annotator's side: live annotation work, the SQLite store and its recovery, packages,
team campaigns."""
