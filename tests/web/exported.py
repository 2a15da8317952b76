"""The static export of the real site, made once per test session for the
tests that read it (``rulebase export-site``, :mod:`rulebase.web.static_export`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebase.web.static_export import Report, export_site

_EXPORTS: dict[str, tuple[Path, Report]] = {}


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, Report]:
    """The directory of the export and its report (exported on first use)."""
    if "site" not in _EXPORTS:
        directory = tmp_path_factory.mktemp("export") / "site"
        _EXPORTS["site"] = (directory, export_site(directory))
    return _EXPORTS["site"]
