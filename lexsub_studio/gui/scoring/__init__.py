"""The Scoring workspace: systems against one gold, league table, items, plots, significance."""
