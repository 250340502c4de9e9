"""The package list: tableapp's own packages, and the phone app and the migrations, which stay
at the repository's top and are shipped inside the package (see pyproject.toml)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["tableapp*"]), "tableapp._pwa", "tableapp._migrations"])
