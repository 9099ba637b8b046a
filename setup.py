"""Only the package list lives here; everything else is in pyproject.toml.

The packages are found, not listed, so a new kind's package is picked up by itself;
the top-level resources/ folder is installed as the package ``puzzlegui.resources`` so
built-in puzzles and the icon load with importlib.resources from a wheel too.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["puzzlegui", "puzzlegui.*"]) + ["puzzlegui.resources"],
    package_dir={"puzzlegui.resources": "resources"},
)
