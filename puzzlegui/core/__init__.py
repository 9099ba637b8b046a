"""Pure puzzle framework: no Qt here (tests/test_purity.py checks it)."""
