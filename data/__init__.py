"""Bundled demo and sample data; installed as lexsub_studio.data."""
