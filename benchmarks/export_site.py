"""Time the static export of the whole site (rulebase export-site) and
measure what it writes.

    python benchmarks/export_site.py [--runs N] [--json]

Exports the site into a fresh temporary directory N times (1 by default)
and prints, for each, the wall-clock and CPU seconds, the pages and files
written and their size, the size of the search index, how many links
point to the notice of what needs the server and how many go nowhere.
Not a test: machines are shared and noisy; CPU seconds say more than
wall-clock seconds on a busy one.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase.web.static_export import INDEX_SCRIPT, export_site  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print one JSON list.")
    args = parser.parse_args()

    rows = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch) / "site"
            cpu, wall = time.process_time(), time.perf_counter()
            report = export_site(directory)
            rows.append({
                "seconds": round(time.perf_counter() - wall, 2), "cpu_seconds": round(time.process_time() - cpu, 2),
                "pages": report.pages, "files": report.files, "megabytes": round(report.bytes / 1e6, 1),
                "index_megabytes": round((directory / INDEX_SCRIPT).stat().st_size / 1e6, 2),
                "server_only_links": sum(report.server_only.values()), "missing": len(report.missing),
            })
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['seconds']:.1f} s ({row['cpu_seconds']:.1f} s CPU): {row['pages']:,} pages, "
              f"{row['files']:,} files, {row['megabytes']:.1f} MB (search index {row['index_megabytes']:.2f} MB), "
              f"{row['server_only_links']:,} links to the server-only notice, {row['missing']} missing")


if __name__ == "__main__":
    main()
