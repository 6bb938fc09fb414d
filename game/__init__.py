"""Pure-Python rules engines for Sifang Table. Never imports pygame."""
