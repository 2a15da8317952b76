"""The card database of the corpus's OCTGN data: every printing read (the
``<card>`` elements counted here from the raw bytes, not by the reader), one
record per card, what each type needs, ids and names found."""

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from rulebase import paths
from rulebase.cards import database, load
from rulebase.cards.model import COLORS, ELEMENTS, card_id, slug
from rulebase.cards.octgn import MULTICOLOR, OWNER_NEEDS, REQUIREMENT
from rulebase.errors import CardDataError, ManifestError

ROOT = paths.CORPUS / "ccg" / "octgn"
TYPES = {"Mane Character", "Friend", "Resource", "Event", "Troublemaker", "Problem"}
_COMMENT = re.compile(rb"<!--.*?-->", re.S)
_CARD = re.compile(rb"<card\b[^>]*?\bid=\"([^\"]*)\"")


@pytest.fixture(scope="module")
def cards():
    return load()


def test_every_card_element_of_every_set_file_is_a_printing_or_counted_as_commented_out(cards):
    files = sorted(ROOT.glob("Sets/*/set.xml"))
    assert len(files) == len(cards.sets) == 17
    total = commented_total = 0
    for path, card_set in zip(files, cards.sets):
        raw = path.read_bytes()
        commented = sum(len(_CARD.findall(comment)) for comment in _COMMENT.findall(raw))
        read = [octgn_id.decode() for octgn_id in _CARD.findall(_COMMENT.sub(b"", raw))]
        assert len(_CARD.findall(raw)) == len(read) + commented == len(re.findall(rb"<card\b", raw))
        assert card_set.path == path.relative_to(ROOT).as_posix()
        printings = [p.octgn_id for card in cards.cards for p in card.printings if p.set_id == card_set.id]
        assert sorted(printings) == sorted(read) and card_set.printings == len(read)
        assert len(card_set.commented_out) == commented
        total += len(read) + commented
        commented_total += commented
    assert (total, commented_total) == (2036, 5)
    assert sum(len(card.printings) for card in cards.cards) == len(cards.by_octgn_id) == 2031


def test_the_commented_out_cards_are_named_by_their_lines():
    promos = next(s for s in load().sets if s.name == "Promos")
    lines = (ROOT / promos.path).read_text(encoding="utf-8").splitlines()
    assert promos.commented_out == (4, 24, 344, 364, 384)
    assert all("<card " in lines[number - 1] for number in promos.commented_out)


def test_every_property_is_a_field_or_kept_in_extra(cards):
    fields = {"Number", "Rarity", "Subname", "Type", "Power", "Cost", "Traits", "Keywords", "Text", "Bonus",
              "ProblemOpponentPower", *(key for pair in REQUIREMENT + OWNER_NEEDS for key in pair)}
    for path in ROOT.glob("Sets/*/set.xml"):
        for element in ElementTree.parse(path).getroot().iter("card"):
            card = cards.by_octgn_id[element.get("id")]
            for side, xml_side in ((card, element), (card.boosted, element.find("alternate"))):
                if xml_side is None:
                    assert side is None
                    continue
                assert side.name == xml_side.get("name")
                for key, value in xml_side.attrib.items():
                    assert key in ("id", "name") or side.extra["@" + key] == value
                for prop in xml_side.findall("property"):
                    key, value = prop.get("name"), prop.get("value")
                    if key in fields or not value.strip() or (key, value) == ("Element", "Multicolor"):
                        continue
                    if key in ("Element", *MULTICOLOR):
                        assert ELEMENTS.get(value) in side.colors or side.extra[key] == value, (card.id, key)
                    else:
                        assert side.extra[key] == value, (card.id, key)


def test_a_card_printed_several_times_is_one_card(cards):
    [pony] = cards.find("Seemingly Innocent Pony")
    assert [(p.set_name, p.number, p.rarity) for p in pony.printings] == [("Villain Challenge", "QC2", "F")] * 3
    assert len({p.octgn_id for p in pony.printings}) == 3
    assert pony.boosted.name == "Changeling Spy" and pony.type == pony.boosted.type == "Resource"
    assert [len(card.printings) for card in cards.cards].count(1) == len(cards.cards) - 1
    villains = next(s for s in cards.sets if s.name == "Villain Challenge")
    assert (len(villains.cards), villains.printings) == (59, 61)
    assert cards.counts_by_set()["Villain Challenge"] == {"cards": 59, "printings": 61, "commented_out": 0}


def test_ids_are_unique_slugs_of_name_and_subtitle(cards):
    ids = [card.id for card in cards.cards]
    assert len(ids) == len(set(ids)) == len(cards.by_id) == 2029
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", identity) for identity in ids)
    assert all(card.id == card_id(card.name, card.subtitle) for card in cards.cards)
    assert cards.by_id["kitchen-au-flambe"].name == "Kitchen au Flambé"
    assert cards.by_id["photo-finish-say-kase"].subtitle == 'Say "Käse!"'


def test_the_cards_of_each_type_have_what_their_type_needs(cards):
    by_type = {kind: [card for card in cards.cards if card.type == kind] for kind in TYPES}
    assert {card.type for card in cards.cards} == TYPES
    assert {kind: len(found) for kind, found in by_type.items()} == {
        "Friend": 1065, "Event": 284, "Problem": 258, "Resource": 243, "Troublemaker": 99, "Mane Character": 80}
    for mane in by_type["Mane Character"]:
        assert isinstance(mane.power, int) and mane.boosted.type == "Mane Character Boosted", mane.id
        assert isinstance(mane.boosted.power, int), mane.id
        assert mane.cost is None and mane.points is None and mane.bonus is None
    # The Changeling Pretender starts as a Problem; it has no home limit until it turns over.
    assert [m.id for m in by_type["Mane Character"] if m.home_limit is None] == ["queen-chrysalis-changeling-pretender"]
    # Applejack, Behaving Oddly turns into Queen Chrysalis, whose keyword line is a joke, kept as it is.
    assert [m.id for m in by_type["Mane Character"] if m.boosted.home_limit is None] == ["applejack-behaving-oddly"]
    assert cards.by_id["applejack-behaving-oddly"].boosted.keywords == (("Home Limit on the Hive? Hahahaa!", None),)
    assert [m.id for m in by_type["Mane Character"] if not m.colors] == [
        "queen-chrysalis-changeling-pretender", "student-six-a-grade-above"]
    for friend in by_type["Friend"]:
        assert isinstance(friend.power, int), friend.id
        assert isinstance(friend.cost, int) or friend.sets == ("Tokens",), friend.id
        assert friend.colors or friend.extra["Element"] in ("None", "Colorless"), friend.id
    for card in by_type["Event"] + by_type["Resource"]:
        assert isinstance(card.cost, int) or card.id == "seemingly-innocent-pony", card.id
    for troublemaker in by_type["Troublemaker"]:
        assert isinstance(troublemaker.power, int) and isinstance(troublemaker.points, int)
        assert troublemaker.bonus is None and troublemaker.cost is None
    odd = {"fire-when-ready", "eternal-night", "the-crystal-heart-restored", "proteges-downfall", "the-crystal-war",
           "royal-wrath"}
    for problem in by_type["Problem"]:
        assert isinstance(problem.bonus, int) and problem.power is None and problem.cost is None, problem.id
        assert 1 <= len(problem.owner_needs) <= 2 and problem.points is None, problem.id
        whole = all(isinstance(need.amount, int) for need in problem.owner_needs + problem.opponent_needs)
        assert (whole and len(problem.opponent_needs) == 1) == (problem.id not in odd), problem.id
    assert cards.by_id["eternal-night"].opponent_needs[0].amount == "infinity"
    assert cards.by_id["royal-wrath"].owner_needs[0].amount == "∞"
    assert cards.by_id["fire-when-ready"].owner_needs[0].color == "Rainbow"


def test_multicolor_cards_carry_all_their_colors(cards):
    multicolor = [card for card in cards.cards if card.is_multicolor]
    assert len(multicolor) == 229 and sum(len(card.colors) == 3 for card in multicolor) == 12
    for card in multicolor:
        assert len(set(card.colors)) == len(card.colors) and set(card.colors) <= set(COLORS)
        needs = {need.color for need in card.requirement}
        assert needs <= set(card.colors) or card.type == "Mane Character", card.id
    # MultiPrimaryElement Loyalty, MultiSecondaryElement Magic
    assert cards.by_id["shining-armor-bastion-brother"].colors == ("blue", "purple")
    # Tri*: Honesty, Magic, Generosity
    assert cards.by_id["im-the-friend-you-need"].colors == ("orange", "purple", "white")
    # Multicolor in the data but with one color and "None" for the other.
    assert cards.by_id["sweet-apple-factory"].colors == ("orange",)
    assert cards.by_id["sweet-apple-factory"].extra["MultiSecondaryElement"] == "None"


def test_text_keeps_its_line_breaks_and_icons(cards):
    texts = [card.text for card in cards.cards]
    assert sum("\n" in text for text in texts) == 500 and sum("[1]" in text for text in texts) == 211
    assert "&#10;" not in "".join(texts)
    assert cards.by_id["diamond-dog"].text == "When this card is defeated, gain [2]."


def test_keywords_home_limit_and_starting_problem(cards):
    mane = cards.by_id["rainbow-dash-flier-extraordinaire"]
    assert mane.keywords == (("Home Limit", 3),) and mane.home_limit == 3
    assert mane.boosted.keyword("home limit").x == mane.boosted.home_limit
    starting = [card for card in cards.cards if card.keyword("Starting Problem")]
    assert len(starting) == 64
    harmonious = [card for card in cards.cards if card.keyword("Harmonious")]
    assert harmonious and all(isinstance(card.keyword("Harmonious").x, int) for card in harmonious)


@pytest.mark.parametrize("name, subtitle, found", [
    ("Kitchen au Flambe", None, ["kitchen-au-flambe"]),
    ("KITCHEN AU FLAMBÉ", None, ["kitchen-au-flambe"]),
    ("Ten Seconds Flat", None, ["ten-seconds-flat"]),
    ("Proteges Downfall", None, ["proteges-downfall"]),
    ("Photo Finish", "Say Kase", ["photo-finish-say-kase"]),
    ("Rainbow Dash, Flier Extraordinaire", None, ["rainbow-dash-flier-extraordinaire"]),
    ("Fire When Ready", "", ["fire-when-ready"]),
    ("Rainbow Dash", "Flier", []),
    ("Kitchen", None, []),
    ("", None, []),
])
def test_find_folds_case_accents_and_punctuation_but_is_exact(cards, name, subtitle, found):
    assert [card.id for card in cards.find(name, subtitle)] == found


def test_find_by_name_alone_gives_every_card_of_that_name_in_order(cards):
    dashes = cards.find("Rainbow Dash")
    assert len(dashes) > 10 and all(card.name == "Rainbow Dash" for card in dashes)
    order = {card.id: index for index, card in enumerate(cards.cards)}
    assert [order[card.id] for card in dashes] == sorted(order[card.id] for card in dashes)


def test_sets_and_their_counts(cards):
    counts = cards.counts_by_set()
    assert list(counts) == [card_set.name for card_set in cards.sets] and len(set(counts)) == 17
    assert counts["Premier"] == {"cards": 213, "printings": 213, "commented_out": 0}
    assert counts["Promos"] == {"cards": 17, "printings": 17, "commented_out": 5}
    assert sum(c["printings"] for c in counts.values()) == 2031
    premier = cards.sets[0]
    assert premier.cards[0] == cards.cards[0].id == "rainbow-dash-flier-extraordinaire"


def test_every_card_is_json_ready(cards):
    data = [card.as_dict() for card in cards.cards]
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert data[0]["printings"][0]["set_name"] == "Premier" and data[0]["boosted"]["power"] == 3


def test_loading_is_cached_per_root():
    database.load.cache_clear()
    first = load()
    assert load() is first is load(ROOT) and load(str(ROOT)) is first


# Small set files: reprints, ids made unique, errors.

def _set(root: Path, folder: str, name: str, cards: str) -> None:
    path = root / "Sets" / folder / "set.xml"
    path.parent.mkdir(parents=True)
    path.write_text(f'<?xml version="1.0"?>\n<set name="{name}" id="{folder}">\n<cards>\n{cards}</cards>\n</set>\n',
                    encoding="utf-8")


def _card(octgn_id: str, name: str, number: str, text: str = "Go.", subtitle: str = "") -> str:
    return (f'<card id="{octgn_id}" name="{name}"><property name="Number" value="{number}"/>'
            f'<property name="Type" value="Event"/><property name="Subname" value="{subtitle}"/>'
            f'<property name="Text" value="{text}"/><property name="Rarity" value="C"/></card>\n')


def test_reprints_are_one_card_and_names_alike_get_ids_of_their_own(tmp_path):
    _set(tmp_path, "a1", "First", _card("x1", "Ten. Seconds. Flat.", "CS5") + _card("x2", "Dig Deep", "A2"))
    _set(tmp_path, "a2", "Second", _card("y1", "Ten Seconds Flat", "B1") + _card("y2", "Dig Deep", "B2")
         + _card("y3", "Dig Deep", "B3", text="Dig deeper.") + _card("y4", "Dig Deep", "", text="Deepest."))
    cards = load(tmp_path)
    assert [card.id for card in cards.cards] == ["ten-seconds-flat", "dig-deep", "ten-seconds-flat-b1",
                                                 "dig-deep-b3", "dig-deep-2"]
    dig = cards.by_id["dig-deep"]
    assert [(p.set_name, p.number, p.line) for p in dig.printings] == [("First", "A2", 5), ("Second", "B2", 5)]
    assert [card.id for card in cards.find("ten seconds flat")] == ["ten-seconds-flat", "ten-seconds-flat-b1"]
    assert [card_set.cards for card_set in cards.sets] == [
        ("ten-seconds-flat", "dig-deep"), ("ten-seconds-flat-b1", "dig-deep", "dig-deep-b3", "dig-deep-2")]
    assert cards.by_octgn_id["y2"] is dig and slug(dig.name) == "dig-deep"


def test_an_octgn_id_used_twice_is_an_error_naming_both_places(tmp_path):
    _set(tmp_path, "a1", "First", _card("x1", "One", "1"))
    _set(tmp_path, "a2", "Second", _card("x1", "Two", "2"))
    with pytest.raises(CardDataError) as error:
        load(tmp_path)
    assert str(error.value) == (f"{tmp_path / 'Sets/a2/set.xml'}:4: card id 'x1' is also the id of the card at "
                                f"{tmp_path / 'Sets/a1/set.xml'}:4")


def test_a_folder_without_set_files_is_an_error(tmp_path):
    with pytest.raises(CardDataError, match=r"no card data \(Sets/\*/set\.xml\)"):
        load(tmp_path)


def test_the_corpus_copy_is_checked_against_the_manifest(tmp_path, monkeypatch):
    import hashlib

    _set(tmp_path / "ccg" / "octgn", "a1", "First", _card("x1", "One", "1"))
    path = "ccg/octgn/Sets/a1/set.xml"
    digest = hashlib.sha256((tmp_path / path).read_bytes()).hexdigest()
    (tmp_path / "manifest.toml").write_text(
        '[card_data]\npath = "ccg/octgn"\ngame = "ccg"\ntitle = "t"\nupstream = "u"\ncommit = "c"\ndate = "d"\n\n'
        f'[[data]]\npath = "{path}"\nsha256 = "{digest}"\n', encoding="utf-8")
    monkeypatch.setattr(paths, "CORPUS", tmp_path)
    assert [card.id for card in load().cards] == ["one"]
    (tmp_path / path).write_text((tmp_path / path).read_text(encoding="utf-8").replace("One", "Two"), encoding="utf-8")
    assert [card.id for card in load().cards] == ["one"]  # read once per process
    database.load.cache_clear()
    with pytest.raises(ManifestError, match="set.xml: not the file the manifest lists"):
        load()
    elsewhere = tmp_path / "ccg" / "other"
    _set(elsewhere, "b1", "Other", _card("z1", "Three", "1"))
    with pytest.raises(ManifestError, match="card data in the corpus that the manifest does not list"):
        load(elsewhere)
    database.load.cache_clear()
