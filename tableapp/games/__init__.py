"""Pure rules, one package per game. Nothing here does I/O: content arrives as data."""
