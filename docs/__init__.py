"""The user documentation, installed as lexsub_studio.docs (Help > User guide, the self-test)."""
