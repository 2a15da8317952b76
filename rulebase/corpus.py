"""The corpus: its manifest, its files and the parts each file is split into.

``corpus/manifest.toml`` says what each file is, with its SHA-256;
:func:`load_manifest` reads it and :func:`read_parts` cuts each file into
its parts (a part is a document of its own in the rule graph) and parses
each with its grammar.  :func:`card_data` gives where the card data is and
where it came from (read by :mod:`rulebase.cards`).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rulebase import paths
from rulebase.errors import ManifestError, ParseError
from rulebase.model import Chapter, Erratum, GlossaryEntry, Rule, Section
from rulebase.parse.text import split_lines

_REQUIRED = ("id", "title", "edition", "date", "kind", "grammar", "starts")
_SHA256 = re.compile(r"[0-9a-f]{64}")
GRAMMARS = ("ccg-rules", "ccg-rules-pdf", "glossary", "errata", "sections", "tcg-rules", "front-matter")


@dataclass
class Part:
    """One document of the graph, cut from a corpus file."""

    id: str
    game: str
    title: str
    edition: str
    date: str
    kind: str
    grammar: str
    path: str
    sha256: str
    first_line: int
    last_line: int
    text: str
    family: str | None = None
    within: str | None = None
    rendering_of: str | None = None
    current: bool = False
    running_header: str | None = None


@dataclass
class ParsedPart:
    """A part and what its grammar found in it."""

    part: Part
    chapters: list[Chapter] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)


def _read_manifest(root: Path) -> tuple[Path, dict]:
    manifest = root / "manifest.toml"
    try:
        return manifest, tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"{manifest}: the corpus has no manifest") from None
    except tomllib.TOMLDecodeError as error:
        raise ManifestError(f"{manifest}: {error}") from None


def check_sha256(root: Path, path: str, expected: str, manifest: Path | None = None) -> None:
    """Raise :class:`ManifestError` naming the file unless the bytes of
    ``root/path`` have the SHA-256 ``expected`` (64 hexadecimal digits)."""
    if not isinstance(expected, str) or not _SHA256.fullmatch(expected):
        raise ManifestError(f"{manifest or root / 'manifest.toml'}: the sha256 of {path!r} is not "
                            f"64 hexadecimal digits: {expected!r}")
    actual = hashlib.sha256((root / path).read_bytes()).hexdigest()
    if actual != expected:
        raise ManifestError(f"{root / path}: not the file the manifest lists: its SHA-256 is {actual}, "
                            f"the manifest's {expected}")


def load_manifest(root: Path | None = None) -> list[dict]:
    """The manifest's ``[[file]]`` tables, checked: each names a file of
    the corpus whose bytes have the ``sha256`` it gives (where it gives one:
    the project's manifest gives one for every file).

    Raises :class:`ManifestError` naming the file and field that is wrong.
    """
    root = root or paths.CORPUS
    manifest, data = _read_manifest(root)
    files = data.get("file", [])
    for entry in files:
        for key in ("path", "game", "title"):
            if key not in entry:
                raise ManifestError(f"{manifest}: a [[file]] has no {key!r}")
        if not (root / entry["path"]).is_file():
            raise ManifestError(f"{manifest}: {entry['path']!r} is not in the corpus")
        if "sha256" in entry:
            check_sha256(root, entry["path"], entry["sha256"], manifest)
        for part in entry.get("part", []):
            missing = [key for key in _REQUIRED if key not in part]
            if missing:
                raise ManifestError(f"{manifest}: part of {entry['path']!r} has no {', '.join(missing)}")
            if part["grammar"] not in GRAMMARS:
                raise ManifestError(f"{manifest}: part {part['id']!r} has an unknown grammar {part['grammar']!r}")
    return files


def card_data(root: Path | None = None, verify: bool = True) -> dict | None:
    """The manifest's ``[card_data]`` table (where the card data is in the
    corpus, what it is and where it came from) with its files, the
    ``[[data]]`` tables (``path``, ``sha256``), under ``"files"``; ``None``
    when the corpus has no card data.

    Checks that each file is in the corpus (and, with ``verify``, that its
    bytes have its SHA-256 and that every file under the data's folder is
    listed).  Raises :class:`ManifestError` naming the file that is wrong.
    """
    root = root or paths.CORPUS
    manifest, data = _read_manifest(root)
    table = data.get("card_data")
    if table is None:
        return None
    for key in ("path", "game", "title", "upstream", "commit", "date"):
        if not isinstance(table.get(key), str):
            raise ManifestError(f"{manifest}: [card_data] has no {key!r}")
    folder = table["path"].rstrip("/") + "/"
    files = data.get("data", [])
    for entry in files:
        if not isinstance(entry.get("path"), str) or "sha256" not in entry:
            raise ManifestError(f"{manifest}: a [[data]] needs a path and a sha256: {entry!r}")
        if not entry["path"].startswith(folder):
            raise ManifestError(f"{manifest}: [[data]] {entry['path']!r} is not under the card data's {table['path']!r}")
        if not (root / entry["path"]).is_file():
            raise ManifestError(f"{manifest}: {entry['path']!r} is not in the corpus")
        if verify:
            check_sha256(root, entry["path"], entry["sha256"], manifest)
    if verify:
        listed = {entry["path"] for entry in files}
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.relative_to(root).as_posix() not in listed:
                raise ManifestError(f"{path}: a file of the card data that the manifest does not list")
    return {**table, "files": files}


def cut(entry: dict, raw: bytes) -> list[Part]:
    """The parts a manifest entry cuts its file's bytes into, unparsed."""
    text = raw.decode("utf-8", errors="replace")
    lines = split_lines(text)
    checksum = hashlib.sha256(raw).hexdigest()
    starts = []
    position = 0
    for spec in entry.get("part", []):
        if spec["starts"] == "":
            index = position
        else:
            try:
                index = lines.index(spec["starts"], position)
            except ValueError:
                raise ParseError(entry["path"], position + 1, 1, f"part {spec['id']!r} not found: no line reads", spec["starts"]) from None
        starts.append(index)
        position = index + 1
    parts = []
    for number, spec in enumerate(entry.get("part", [])):
        first = starts[number]
        last = starts[number + 1] if number + 1 < len(starts) else len(lines)
        parts.append(
            Part(
                id=spec["id"],
                game=entry["game"],
                title=spec["title"],
                edition=spec["edition"],
                date=spec["date"],
                kind=spec["kind"],
                grammar=spec["grammar"],
                path=entry["path"],
                sha256=checksum,
                first_line=first + 1,
                last_line=last,
                text="\n".join(lines[first:last]),
                family=spec.get("rules"),
                within=spec.get("within"),
                rendering_of=spec.get("rendering_of"),
                current=bool(spec.get("current", False)),
                running_header=spec.get("running_header"),
            )
        )
    return parts


def parse_part(part: Part) -> ParsedPart:
    """Parse one part with the grammar its manifest entry names."""
    from importlib import import_module

    parsed = ParsedPart(part)
    where = {"document": part.path, "first_line": part.first_line}
    module = {
        "ccg-rules": "rules", "ccg-rules-pdf": "rules", "glossary": "glossary",
        "errata": "errata", "sections": "sections", "tcg-rules": "tcg",
    }.get(part.grammar)
    parser = import_module(f"rulebase.parse.{module}") if module else None
    if part.grammar == "ccg-rules":
        result = parser.parse_rules(part.text, **where)
        parsed.chapters, parsed.rules = result.chapters, result.rules
    elif part.grammar == "ccg-rules-pdf":
        result = parser.parse_rules_pdf(part.text, **where)
        parsed.chapters, parsed.rules = result.chapters, result.rules
    elif part.grammar == "glossary":
        parsed.glossary = parser.parse_glossary(part.text, **where)
    elif part.grammar == "errata":
        parsed.errata = parser.parse_errata(part.text, **where)
    elif part.grammar == "sections":
        headers = (part.running_header,) if part.running_header else ()
        parsed.sections = parser.parse_sections(part.text, running_headers=headers, **where)
    elif part.grammar == "tcg-rules":
        result = parser.parse_tcg(part.text, **where)
        parsed.chapters, parsed.rules, parsed.glossary = result.chapters, result.rules, result.glossary
    return parsed


def read_parts(root: Path | None = None) -> list[ParsedPart]:
    """Every part of every file in the manifest, parsed, in manifest order."""
    root = root or paths.CORPUS
    parsed = []
    for entry in load_manifest(root):
        raw = (root / entry["path"]).read_bytes()
        for part in cut(entry, raw):
            parsed.append(parse_part(part))
    return parsed


def fingerprint(root: Path | None = None) -> str:
    """A checksum of the corpus files and manifest, for caches built from them."""
    root = root or paths.CORPUS
    digest = hashlib.sha256()
    digest.update((root / "manifest.toml").read_bytes())
    for entry in load_manifest(root):
        digest.update((root / entry["path"]).read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=4)
def cached_parts(root: str | None = None) -> tuple[ParsedPart, ...]:
    """:func:`read_parts`, once per process and corpus directory."""
    return tuple(read_parts(Path(root) if root else None))
