"""The self-test's checks that need no window: the top of core, the one package that may use
every other one (it pools, computes agreement, scores and plots the demo)."""
