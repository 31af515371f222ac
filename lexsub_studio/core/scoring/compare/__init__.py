"""Systems scored side by side: each file scored and checked, the league table, significance
tests, the per-item matrix and what a selected cell means."""
