"""Sphinx configuration for the rulebase documentation."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase import __version__  # noqa: E402

project = "rulebase"
author = "the rulebase developers"
release = version = __version__
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_click",
    "rulebase.sphinx",
]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = []
html_title = "rulebase"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
