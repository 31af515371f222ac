"""Application resources (icons, default guidelines); installed as lexsub_studio.resources."""
