import hashlib
from pathlib import Path

import pytest

from rulebase import corpus, paths
from rulebase.errors import ManifestError
from tests.conftest import SHARED


def test_corpus_is_a_byte_for_byte_copy_of_the_shared_documents():
    shared = SHARED / "corpus"
    if not shared.is_dir():
        pytest.skip("../shared/corpus is not beside this checkout")
    for source in shared.rglob("*"):
        if source.is_file():
            copy = paths.CORPUS / source.relative_to(shared)
            assert copy.read_bytes() == source.read_bytes(), copy


def test_manifest_lists_every_document_with_its_metadata():
    files = corpus.load_manifest()
    listed = {entry["path"] for entry in files}
    on_disk = {str(p.relative_to(paths.CORPUS)) for p in paths.CORPUS.rglob("*") if p.suffix in (".md", ".txt") and p.name != "README.md"}
    assert listed == on_disk
    for entry in files:
        for part in entry["part"]:
            assert part["id"].startswith(entry["game"] + "/")
            assert {"title", "edition", "date", "kind"} <= set(part)


def test_three_renderings_are_editions_of_one_rules_text():
    parts = [part for entry in corpus.load_manifest() for part in entry["part"]]
    family = {p["id"] for p in parts if p.get("rules") == "ccg-comprehensive-rules"}
    assert family == {"ccg/3.4", "ccg/earlier", "ccg/3.4-pdf"}


def test_the_compilation_becomes_separate_parts(parts):
    compilation = [p for p in parts.values() if p.part.path.endswith("with-errata-limited-tournament.md")]
    assert [p.part.id for p in compilation] == ["ccg/3.4", "ccg/3.4/glossary", "ccg/ocr-7.2", "ccg/limited-2.0", "ccg/tfr-2.3", "ccg/3.4/credits"]
    checksum = hashlib.sha256((paths.CORPUS / compilation[0].part.path).read_bytes()).hexdigest()
    assert all(p.part.sha256 == checksum for p in compilation)


def test_a_missing_file_in_the_manifest_is_reported(tmp_path):
    (tmp_path / "manifest.toml").write_text('[[file]]\npath = "nowhere.md"\ngame = "ccg"\ntitle = "x"\n')
    with pytest.raises(ManifestError, match="'nowhere.md' is not in the corpus"):
        corpus.load_manifest(tmp_path)


def test_a_part_whose_heading_is_missing_is_reported(tmp_path):
    (tmp_path / "doc.md").write_text("1. Fundamentals\n\n(101) Deckbuilding\n")
    (tmp_path / "manifest.toml").write_text(
        '[[file]]\npath = "doc.md"\ngame = "ccg"\ntitle = "x"\n'
        '[[file.part]]\nid = "ccg/x"\ntitle = "x"\nedition = "1"\ndate = ""\nkind = "comprehensive rules"\n'
        'grammar = "ccg-rules"\nstarts = "2. Parts of a Card"\n'
    )
    with pytest.raises(Exception, match="doc.md:1:1: part 'ccg/x' not found"):
        corpus.read_parts(tmp_path)


def test_a_file_is_cut_into_lines_on_line_feeds_only(tmp_path):
    # A form feed or line separator inside a line, and CRLF line ends, leave
    # every part at the line lark counts.
    document = "Front\x0cmatter\r\n\u2028\r\n1. Fundamentals\r\n\r\n(101) Deck\x0cbuilding\r\n\r\n- (101.1) A Draw\u2028Deck.\r\n"
    (tmp_path / "doc.md").write_bytes(document.encode("utf-8"))
    (tmp_path / "manifest.toml").write_text(
        '[[file]]\npath = "doc.md"\ngame = "ccg"\ntitle = "x"\n'
        '[[file.part]]\nid = "ccg/x"\ntitle = "x"\nedition = "1"\ndate = ""\nkind = "comprehensive rules"\n'
        'grammar = "ccg-rules"\nstarts = "1. Fundamentals"\n'
    )
    (parsed,) = corpus.read_parts(tmp_path)
    assert (parsed.part.first_line, parsed.part.last_line) == (3, 7)
    assert parsed.part.text == "1. Fundamentals\n\n(101) Deck\x0cbuilding\n\n- (101.1) A Draw\u2028Deck."
    assert [(rule.key, rule.line, rule.printed) for rule in parsed.rules] == [
        ("101", 5, "(101) Deck\x0cbuilding"),
        ("101.1", 7, "- (101.1) A Draw\u2028Deck."),
    ]
