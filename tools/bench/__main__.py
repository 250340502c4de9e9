"""``python -m tools.bench``."""

from . import bench

bench()
