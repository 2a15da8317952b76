"""Time the static export of the whole site (rulebase export-site) and
measure what it writes.

    python benchmarks/export_site.py [--workers N ...] [--json]

Exports the site into a fresh temporary directory once for each number of
worker processes given (1 and one per core, at most 4, by default) and
prints the wall-clock and CPU seconds of each (CPU counts this process and
the workers it waited for), the pages and files written and their size,
the size of the search index and how many links point to the notice of
what needs the server.  Not a test: machines are shared and noisy; CPU
seconds say more than wall-clock seconds on a busy one.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase.web.static_export import INDEX_SCRIPT, default_workers, export_site  # noqa: E402


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, action="append", help="Processes drawing the pages (repeatable).")
    parser.add_argument("--json", action="store_true", help="Print one JSON list.")
    args = parser.parse_args()

    rows = []
    for workers in args.workers or sorted({1, default_workers()}):
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch) / "site"
            cpu, wall = cpu_seconds(), time.perf_counter()
            report = export_site(directory, workers=workers)
            rows.append({
                "workers": workers, "seconds": round(time.perf_counter() - wall, 2),
                "cpu_seconds": round(cpu_seconds() - cpu, 2), "pages": report.pages, "files": report.files,
                "megabytes": round(report.bytes / 1e6, 1),
                "index_megabytes": round((directory / INDEX_SCRIPT).stat().st_size / 1e6, 2),
                "server_only_links": sum(report.server_only.values()), "missing": len(report.missing),
            })
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['workers']} worker{'s' * (row['workers'] != 1)}: {row['seconds']:.1f} s "
              f"({row['cpu_seconds']:.1f} s CPU), {row['pages']:,} pages, {row['files']:,} files, "
              f"{row['megabytes']:.1f} MB (search index {row['index_megabytes']:.2f} MB), "
              f"{row['server_only_links']:,} links to the server-only notice, {row['missing']} missing")


if __name__ == "__main__":
    main()
