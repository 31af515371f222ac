"""The PySide6 desktop application: a thin Qt layer over lexsub_studio.core."""
