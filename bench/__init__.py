"""Postern's benchmarks: ``python -m bench`` prints medians and p95 against design.md's budgets."""
