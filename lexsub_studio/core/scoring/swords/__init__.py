"""The SWORDS benchmark's measures and their report."""
