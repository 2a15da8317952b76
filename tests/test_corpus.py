import hashlib
from pathlib import Path

import pytest

from rulebase import corpus, paths
from rulebase.errors import ManifestError
from tests.conftest import SHARED


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_corpus_is_a_byte_for_byte_copy_of_the_shared_documents():
    shared = SHARED / "corpus"
    if not shared.is_dir():
        pytest.skip("../shared/corpus is not beside this checkout")
    for name, data in _files(shared).items():
        copy = paths.CORPUS / name
        if name == "README.md":
            # The corpus's README extends the one the documents came with (it
            # also lists the card data): every line of that one is still in it.
            ours = iter(copy.read_text(encoding="utf-8").splitlines())
            assert all(line in ours for line in data.decode("utf-8").splitlines())
        else:
            assert copy.read_bytes() == data, copy


def test_the_card_data_is_a_byte_for_byte_copy_of_the_shared_octgn_data():
    shared = SHARED / "octgn"
    if not shared.is_dir():
        pytest.skip("../shared/octgn is not beside this checkout")
    assert _files(paths.CORPUS / "ccg" / "octgn") == _files(shared)


def test_manifest_lists_every_document_with_its_metadata():
    files = corpus.load_manifest()
    listed = {entry["path"] for entry in files}
    on_disk = {str(p.relative_to(paths.CORPUS)) for p in paths.CORPUS.rglob("*")
               if p.suffix in (".md", ".txt") and p.name != "README.md" and "octgn" not in p.parts}
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


def test_every_file_of_the_corpus_has_its_sha256_in_the_manifest():
    data = corpus.card_data()
    checksums = {entry["path"]: entry["sha256"] for entry in corpus.load_manifest() + data["files"]}
    on_disk = _files(paths.CORPUS)
    assert set(checksums) == set(on_disk) - {"manifest.toml", "README.md"}
    assert all(checksums[name] == hashlib.sha256(on_disk[name]).hexdigest() for name in checksums)
    assert len(data["files"]) == 25 and sum(name.endswith("/set.xml") for name in checksums) == 17


def test_the_card_data_says_where_it_came_from():
    data = corpus.card_data()
    assert data["path"] == "ccg/octgn" and data["game"] == "ccg"
    assert (data["commit"], data["date"]) == ("5644d42", "2020-05")
    assert "OCTGN" in data["upstream"] and "no licence" in data["licence"]


def _tiny_corpus(root: Path) -> Path:
    """A corpus of one document and two files of card data, with their checksums."""
    (root / "ccg" / "octgn" / "Sets" / "s1").mkdir(parents=True)
    (root / "doc.md").write_text("Front\n")
    (root / "ccg" / "octgn" / "README.md").write_text("Card data\n")
    (root / "ccg" / "octgn" / "Sets" / "s1" / "set.xml").write_text('<set name="S" id="s1"/>\n')
    digest = {name: hashlib.sha256((root / name).read_bytes()).hexdigest()
              for name in ("doc.md", "ccg/octgn/README.md", "ccg/octgn/Sets/s1/set.xml")}
    (root / "manifest.toml").write_text(
        f'[[file]]\npath = "doc.md"\ngame = "ccg"\ntitle = "x"\nsha256 = "{digest["doc.md"]}"\n\n'
        '[card_data]\npath = "ccg/octgn"\ngame = "ccg"\ntitle = "t"\nupstream = "u"\ncommit = "c"\ndate = "d"\n\n'
        + "".join(f'[[data]]\npath = "{name}"\nsha256 = "{digest[name]}"\n\n' for name in digest if "octgn" in name))
    return root


def test_a_document_whose_bytes_changed_is_refused_naming_it(tmp_path):
    root = _tiny_corpus(tmp_path)
    assert [entry["path"] for entry in corpus.load_manifest(root)] == ["doc.md"]
    (root / "doc.md").write_text("Front!\n")
    with pytest.raises(ManifestError, match=r"doc\.md: not the file the manifest lists: its SHA-256 is [0-9a-f]{64}"):
        corpus.load_manifest(root)


def test_card_data_whose_bytes_changed_or_that_is_not_listed_is_refused(tmp_path):
    root = _tiny_corpus(tmp_path)
    assert [entry["path"] for entry in corpus.card_data(root)["files"]] == ["ccg/octgn/README.md", "ccg/octgn/Sets/s1/set.xml"]
    extra = root / "ccg" / "octgn" / "Sets" / "s2" / "set.xml"
    extra.parent.mkdir()
    extra.write_text("<set/>")
    with pytest.raises(ManifestError, match=r"s2/set\.xml: a file of the card data that the manifest does not list"):
        corpus.card_data(root)
    extra.unlink()
    (root / "ccg" / "octgn" / "Sets" / "s1" / "set.xml").write_text('<set name="T" id="s1"/>\n')
    with pytest.raises(ManifestError, match=r"s1/set\.xml: not the file the manifest lists"):
        corpus.card_data(root)
    assert corpus.card_data(root, verify=False)["commit"] == "c"


@pytest.mark.parametrize("change, message", [
    (('sha256 = "', 'sha256 = "x'), r"the sha256 of 'doc\.md' is not 64 hexadecimal digits"),
    (('commit = "c"\n', ''), r"\[card_data\] has no 'commit'"),
    (('path = "ccg/octgn/README.md"', 'path = "elsewhere/README.md"'), r"is not under the card data's 'ccg/octgn'"),
    (('path = "ccg/octgn/README.md"', 'path = "ccg/octgn/NOWHERE.md"'), r"'ccg/octgn/NOWHERE\.md' is not in the corpus"),
])
def test_a_manifest_with_a_wrong_checksum_or_card_data_entry_is_refused(tmp_path, change, message):
    root = _tiny_corpus(tmp_path)
    manifest = root / "manifest.toml"
    assert change[0] in manifest.read_text()
    manifest.write_text(manifest.read_text().replace(*change, 1))
    with pytest.raises(ManifestError, match=message):
        corpus.load_manifest(root)
        corpus.card_data(root)
