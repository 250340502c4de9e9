"""Tools beside the product, run from a source checkout: ``python -m tools.bench``."""
