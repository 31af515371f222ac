"""The Dataset workspace (statistics, baselines) and the new-task wizard."""
