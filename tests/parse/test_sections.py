"""Unnumbered documents as sections: the quickstart rules, and the Limited
Play and Tournament Floor Rules parts of the comprehensive rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebase import paths
from rulebase.errors import ParseError
from rulebase.parse.sections import clean_inline, parse_sections, slugify

DATA = Path(__file__).resolve().parent.parent / "data" / "sections"
QUICKSTART = paths.CORPUS / "ccg" / "quickstart-rules-canterlot-nights.md"
COMPREHENSIVE = paths.CORPUS / "ccg" / "comprehensive-rules-v3.4-with-errata-limited-tournament.md"
LIMITED_HEADER = "My Little Pony CCG Limited Play"
TOURNAMENT_HEADER = "My Little Pony CCG Tournament Floor Rules"


def _part(start: str, stop: str) -> tuple[str, int]:
    """The lines of the comprehensive rules from ``start`` to before ``stop``,
    and the document line the part starts on."""
    lines = COMPREHENSIVE.read_text(encoding="utf-8").split("\n")
    first = lines.index(start)
    last = lines.index(stop)
    return "\n".join(lines[first:last]), first + 1


@pytest.fixture(scope="module")
def quickstart_text():
    return QUICKSTART.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def quickstart(quickstart_text):
    return parse_sections(quickstart_text, document=QUICKSTART.name)


@pytest.fixture(scope="module")
def limited_part():
    return _part("11. My Little Pony CCG Limited Play", "12. My Little Pony CCG Tournament Floor Rules")


@pytest.fixture(scope="module")
def limited(limited_part):
    text, first_line = limited_part
    return parse_sections(
        text, document=COMPREHENSIVE.name, first_line=first_line, running_headers=(LIMITED_HEADER,)
    )


@pytest.fixture(scope="module")
def tournament_part():
    return _part("12. My Little Pony CCG Tournament Floor Rules", "13. Credits and References")


@pytest.fixture(scope="module")
def tournament(tournament_part):
    text, first_line = tournament_part
    return parse_sections(
        text, document=COMPREHENSIVE.name, first_line=first_line, running_headers=(TOURNAMENT_HEADER,)
    )


def by_slug(sections, slug):
    (section,) = [s for s in sections if s.slug == slug]
    return section


def by_title(sections, title):
    return [s for s in sections if s.title == title]


# --- every line is accounted for -------------------------------------------


@pytest.mark.parametrize("which", ["quickstart", "limited", "tournament"])
def test_every_line_is_in_exactly_one_section(which, request, quickstart_text, limited_part, tournament_part):
    sections = request.getfixturevalue(which)
    if which == "quickstart":
        text, first_line, headers = quickstart_text, 1, ()
    elif which == "limited":
        (text, first_line), headers = limited_part, (LIMITED_HEADER,)
    else:
        (text, first_line), headers = tournament_part, (TOURNAMENT_HEADER,)
    source = text.split("\n")
    expected = [line for line in source if line.strip() and line.strip() not in headers]
    printed = [line for section in sections for line in section.printed.split("\n") if line.strip()]
    # Same lines, same order: each source line is printed by exactly one section.
    assert printed == expected
    for section in sections:
        # A section's printed text starts at the document line it names.
        assert section.printed.split("\n")[0] == source[section.line - first_line]
        assert section.printed.split("\n")[0].strip()
        assert all(line.strip() not in headers for line in section.printed.split("\n"))


@pytest.mark.parametrize("which", ["quickstart", "limited", "tournament"])
def test_slugs_are_unique_and_parents_enclose_children(which, request):
    sections = request.getfixturevalue(which)
    slugs = [s.slug for s in sections]
    assert len(slugs) == len(set(slugs))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) for slug in slugs)
    seen = {}
    for section in sections:
        if section.parent_slug is None:
            assert section.level in (0, 1)
        else:
            parent = seen[section.parent_slug]  # parents come first
            assert parent.level == section.level - 1
        seen[section.slug] = section


# --- the quickstart (Markdown headings) -------------------------------------


def test_every_quickstart_heading_becomes_a_section(quickstart_text, quickstart):
    headings = [
        (number, line)
        for number, line in enumerate(quickstart_text.split("\n"), 1)
        if re.match(r"#{1,6}\s", line)
    ]
    assert len(headings) == 49
    starts = {s.line: s for s in quickstart}
    for number, line in headings:
        section = starts[number]
        title = re.sub(r"^#+\s*|\*", "", line).strip().rstrip(":")
        assert section.title == title
        assert section.level >= 1
    # Plus the untitled text before the first heading.
    assert len(quickstart) == len(headings) + 1


def test_quickstart_preamble(quickstart):
    preamble = quickstart[0]
    assert (preamble.title, preamble.level, preamble.slug, preamble.parent_slug) == ("", 0, "preamble", None)
    assert preamble.line == 5
    assert preamble.paragraphs[0].startswith(
        "My Little Pony\u2122 Collectible Card Game is a fun and exciting game based on the world of "
        "My Little Pony\u2122: Friendship is Magic\u2122."
    )


def test_quickstart_table_of_contents(quickstart):
    contents = by_slug(quickstart, "contents")
    assert (contents.title, contents.level, contents.line) == ("TABLE OF CONTENTS", 1, 7)
    assert len(contents.paragraphs) == 19
    assert contents.paragraphs[0] == "Game Overview | 2"
    assert contents.paragraphs[-1] == "Other Rules | 24"
    # Its entries are not sections of their own.
    assert by_title(quickstart, "Game Overview") == []


def test_quickstart_levels_follow_capitals_then_marks(quickstart):
    levels = {s.title: (s.level, s.parent_slug) for s in quickstart}
    assert levels["GAME OVERVIEW"] == (1, None)  # "##" but in capitals
    assert levels["What You Need to Play"] == (2, "game-overview")
    assert levels["THE CARDS"] == (1, None)
    assert levels["Problem Cards"] == (2, "the-cards")
    assert levels["GAME SETUP"] == (1, None)  # "##" after "# IMPORTANT CONCEPTS"
    assert levels["Troublemaker Phase"] == (2, "playing-the-game")
    assert levels["Step 1: Determine which cards are involved."] == (3, "faceoff-resolution")
    assert levels["Mane Character"] == (2, "deck-building")  # "###"
    assert levels["Draw Deck"] == (2, "deck-building")  # "## **Draw Deck**"
    assert levels["OTHER RULES"] == (1, None)  # "# **OTHER RULES**"


def test_quickstart_emphasised_heading(quickstart):
    note = by_slug(quickstart, "a-note-on-placing-troublemaker-cards")
    assert note.title == "A Note on Placing Troublemaker Cards"
    assert note.level == 3
    assert note.parent_slug == "troublemaker-phase"
    assert note.line == 239
    assert note.printed.split("\n")[0] == "### ***A Note on Placing Troublemaker Cards***"
    assert note.paragraphs[0] == (
        "When you uncover a Troublemaker, turn it face-up and place it on the Problem so that it covers "
        "your opponent's requirements. This serves as a reminder that your opponent can't confront this "
        "Problem until the Troublemaker is defeated."
    )
    main = by_slug(quickstart, "main-phase")
    assert (main.title, main.level, main.parent_slug) == ("Main Phase", 2, "playing-the-game")


def test_quickstart_paragraph_broken_by_a_blank_line_is_joined(quickstart):
    exhausted = by_slug(quickstart, "exhausted-cards")
    assert exhausted.title == "Exhausted Cards"
    assert exhausted.paragraphs == [
        "While a card is exhausted, it can't contribute its power to faceoffs or confronting Problems. "
        "Once exhausted, a card is marked with an exhaustion counter and can't be exhausted again until it "
        "is readied."
    ]
    setup = by_slug(quickstart, "game-setup")
    assert setup.paragraphs[1].startswith(
        "Note that this starter deck may come with more than one Mane Character card. Choose one"
    )
    step = by_slug(quickstart, "step-1-determine-which-cards-are-involved")
    # A list item continued after a blank line.
    assert step.paragraphs[1] == (
        "In a Problem faceoff, all your characters at the Problem are involved, as are all your "
        "opponent's characters at the Problem."
    )


def test_quickstart_paragraph_continued_after_the_page_footer(quickstart):
    other = by_slug(quickstart, "other-rules")
    unique = [p for p in other.paragraphs if p.startswith("Unique Cards:")]
    assert unique == [
        "Unique Cards: If a card has the \u201cUnique\u201d trait, you can only have one copy of that card in "
        "play at a time. If you control multiple copies, those cards (of your choice) must be dismissed "
        "until you only have one in play."
    ]
    # The footer stays, as paragraphs of its own, after the joined one.
    index = other.paragraphs.index(unique[0])
    assert other.paragraphs[index + 1] == "www.enter-play.com"
    assert other.paragraphs[index + 2].startswith("HASBRO and its logo")
    assert other.paragraphs[-1].startswith("Negative Values:")


def test_quickstart_lists_tables_and_bold_lines(quickstart):
    turn_order = by_slug(quickstart, "turn-order")
    assert turn_order.paragraphs[1:] == [
        "1. READY PHASE",
        "2. TROUBLEMAKER PHASE",
        "3. MAIN PHASE",
        "4. SCORE PHASE",
        "5. END PHASE",
    ]
    ready = by_slug(quickstart, "ready-phase")
    assert "If the highest score is... | You collect this many action tokens" in ready.paragraphs
    assert "11 or more | 5" in ready.paragraphs
    assert ready.paragraphs[1].startswith("Step 1. Ready your exhausted cards")
    assert any(p.startswith("Example 1: At the start of your turn") for p in ready.paragraphs)
    setup = by_slug(quickstart, "game-setup")
    assert setup.paragraphs[2] == "To set up the game, both players follow these steps:"
    assert setup.paragraphs[4] == "2. Place your Mane Character, \u201cStart\u201d side up, in your home."
    resolution = by_slug(quickstart, "faceoff-resolution")
    assert resolution.paragraphs[2].startswith("Troublemaker faceoffs happen when you challenge")


def test_icon_glyphs_are_kept_in_printed_and_dropped_from_paragraphs():
    text = "## Play Requirements\n\nA card may require 2 \ue001 (purple) to be played.\n"
    (section,) = parse_sections(text, document="icons.md")
    assert section.paragraphs == ["A card may require 2 (purple) to be played."]
    assert "\ue001" in section.printed


# --- Limited Play (plain-line headings) --------------------------------------


def test_limited_play_is_flat(limited):
    assert [(s.title, s.level, s.slug, s.line) for s in limited] == [
        ("My Little Pony CCG Limited Play", 0, "my-little-pony-ccg-limited-play", 1012),
        ("Limited Deck Construction", 1, "limited-deck-construction", 1014),
        ("Mane Characters", 1, "mane-characters", 1018),
        ("Starting Problems", 1, "starting-problems", 1022),
        ("Sealed Deck Format", 1, "sealed-deck-format", 1026),
        ("Booster Draft Format", 1, "booster-draft-format", 1030),
        ("Special Formats", 1, "special-formats", 1042),
    ]
    assert all(s.parent_slug is None for s in limited)
    assert limited[0].printed == "11. My Little Pony CCG Limited Play"


def test_limited_play_paragraphs_and_table(limited):
    construction = by_slug(limited, "limited-deck-construction")
    assert construction.paragraphs == [
        "In limited formats, a draw deck must contain a minimum of 30 cards. There is no maximum draw deck "
        "size. A Problem deck must contain exactly five cards, at least one of which must be a Starting "
        "Problem."
    ]
    assert len(by_slug(limited, "booster-draft-format").paragraphs) == 4
    special = by_slug(limited, "special-formats")
    assert special.paragraphs[1] == "| Odyssey Block | Premiere Block"
    assert special.paragraphs[2].startswith(
        "Recommended Sealed Deck Format | 3 packs Equestrian Odysseys 2 packs High Magic 3 packs Marks in Time | "
    )
    assert len(special.paragraphs) == 6
    # The running header before it is in no section.
    assert LIMITED_HEADER + "\n" not in by_slug(limited, "booster-draft-format").printed


# --- Tournament Floor Rules (plain-line headings) ----------------------------


def test_tournament_top_level_sections(tournament):
    assert tournament[0].level == 0
    assert tournament[0].title == "My Little Pony CCG Tournament Floor Rules"
    top = [(s.title, s.line) for s in tournament if s.level == 1]
    assert top == [
        ("General Rules and Terms", 1054),  # followed directly by a heading
        ("Tournament Penalties", 1157),  # opens a page with one introductory paragraph
        ("Tournament Policies", 1209),
        ("Tier 1 Rules", 1259),
        ("Tier 2 Rules", 1281),
        ("Tier 3 Rules", 1309),
        ("Format Legality", 1337),
    ]
    # Headings that open a page but have a full body are not parts.
    for title in ("Judges", "Pre-Game Actions", "Legal Cards", "Tournament Disqualification", "Scoring"):
        (section,) = by_title(tournament, title)
        assert section.level == 2


def test_tournament_repeated_titles_get_distinct_slugs(tournament):
    eligibility = by_title(tournament, "Player Eligibility")
    assert [(s.slug, s.parent_slug, s.level) for s in eligibility] == [
        ("tier-1-rules-player-eligibility", "tier-1-rules", 2),
        ("tier-2-rules-player-eligibility", "tier-2-rules", 2),
        ("tier-3-rules-player-eligibility", "tier-3-rules", 2),
    ]
    assert [s.slug for s in by_title(tournament, "Deck Lists")] == [
        "general-rules-and-terms-deck-lists",
        "tier-2-rules-deck-lists",
        "tier-3-rules-deck-lists",
    ]
    assert by_slug(tournament, "tier-2-rules-player-eligibility").paragraphs[0] == (
        "All players not suspended by Enterplay are eligible to play in a Tier 2 tournament, with some "
        "exceptions."
    )
    # A title used once keeps its plain slug.
    assert by_slug(tournament, "swiss-pairings").parent_slug == "tier-1-rules"


def test_tournament_banlist(tournament):
    harmony = by_slug(tournament, "harmony-constructed")
    assert (harmony.level, harmony.parent_slug, harmony.line) == (2, "format-legality", 1339)
    assert harmony.paragraphs == [
        "Cards from any released product or set are legal for play in the Harmony format. The Harmony "
        "format uses a banlist. The current Harmony banlist is as follows:",
        "Premiere #16 | Rainbowshine Cloud Wrangler | Effective January 30, 2015",
        "Premiere #83 | Fluttershy Guidance Counselor | Effective January 30, 2015",
        "Canterlot Nights #42 | Globe Trotter Sight Seer | Effective January 30, 2015",
        "The Crystal Games #136 | Magical Mailbox | Effective January 30, 2015",
        "Canterlot Nights #65 | Twilight Sparkle Element of Magic | Effective September 23, 2015",
        "Equestrian Odysseys #103 | Bulk Biceps Extra Strong Masseuse | Effective January 25, 2016",
        "Premiere #175 | I Need Answers | Effective June 1, 2016",
        "Canterlot Nights #47 | Pinny Lane Bowl'em Over | Effective July 27, 2016",
        "High Magic #150 | Tantabus Night Terror | Effective August 31, 2016",
    ]
    assert harmony.printed.split("\n")[-1] == (
        "High Magic #150\tTantabus Night Terror\tEffective August 31, 2016"
    )


def test_tournament_lists(tournament):
    judges = by_slug(tournament, "judges")
    assert (judges.level, judges.parent_slug) == (2, "general-rules-and-terms")
    assert judges.paragraphs[1] == (
        "Head Judge \u2013 The Head Judge is the person who has ultimate responsibility and authority for "
        "any specific tournament. A Head Judge's ruling in a specific tournament is final."
    )
    assert judges.paragraphs[2].startswith("Floor Judge \u2013 Floor Judges are")
    game_loss = by_slug(tournament, "game-loss")
    assert game_loss.parent_slug == "tournament-penalties"
    assert game_loss.paragraphs[-1] == "Tardiness"
    pre_game = by_slug(tournament, "pre-game-actions")
    assert pre_game.paragraphs[-1] == "6. In turn order, choose whether or not to mulligan (optional)."


def test_tournament_heading_run_into_its_paragraph(tournament):
    # "Tardiness Players are expected ..." has no break between the heading
    # and its text: it stays a paragraph of the section before it.
    assert by_title(tournament, "Tardiness") == []
    stalling = by_slug(tournament, "slow-play-vs-stalling")
    assert stalling.parent_slug == "tournament-penalties"
    assert stalling.paragraphs[-1].startswith("Tardiness Players are expected to begin their round on time.")


def test_plain_level_criterion_on_a_small_document():
    text = "\n".join(
        [
            "Running Header",
            "",
            "Getting Started",  # followed by a heading: a part
            "",
            "Setup",
            "",
            "Shuffle your deck.",
            "",
            "Running Header",
            "",
            "Playing",  # opens a page, one paragraph, then a heading: a part
            "",
            "The game is played in turns.",
            "",
            "Turns",
            "",
            "Take a turn.",
            "",
            "Running Header",
            "",
            "Scoring",  # opens a page but has two paragraphs: not a part
            "",
            "Score points.",
            "",
            "Win at 15.",
            "",
            "Winning",
            "",
            "The first to 15 wins.",
        ]
    )
    sections = parse_sections(text, document="small.txt", running_headers=("Running Header",))
    assert [(s.title, s.level, s.parent_slug) for s in sections] == [
        ("Getting Started", 1, None),
        ("Setup", 2, "getting-started"),
        ("Playing", 1, None),
        ("Turns", 2, "playing"),
        ("Scoring", 2, "playing"),
        ("Winning", 2, "playing"),
    ]


# --- the kind of a document -------------------------------------------------


def _with_line(part: tuple[str, int], inserted: str) -> tuple[str, int]:
    """The part with ``inserted`` as a paragraph of its own in its middle."""
    text, first_line = part
    lines = text.split("\n")
    middle = next(n for n in range(len(lines) // 2, len(lines)) if not lines[n].strip())
    return "\n".join(lines[:middle] + ["", inserted] + lines[middle:]), first_line


@pytest.mark.parametrize(
    "which, header, count", [("limited", LIMITED_HEADER, 7), ("tournament", TOURNAMENT_HEADER, 49)]
)
def test_a_markdown_heading_in_a_plain_document_is_a_paragraph(which, header, count, request):
    before = request.getfixturevalue(which)
    text, first_line = _with_line(request.getfixturevalue(f"{which}_part"), "# Something")
    after = parse_sections(text, document=COMPREHENSIVE.name, first_line=first_line, running_headers=(header,))
    assert len(before) == count
    assert [(s.slug, s.level, s.parent_slug) for s in after] == [(s.slug, s.level, s.parent_slug) for s in before]
    (changed,) = [(old, new) for old, new in zip(before, after) if old.paragraphs != new.paragraphs]
    added = [p for p in changed[1].paragraphs if p not in changed[0].paragraphs]
    assert added == ["# Something"]
    assert "\n# Something" in changed[1].printed


def test_a_bare_title_in_a_markdown_document_is_a_paragraph(quickstart_text, quickstart):
    lines = quickstart_text.split("\n")
    middle = next(n for n in range(len(lines) // 2, len(lines)) if not lines[n].strip())
    text = "\n".join(lines[:middle] + ["", "Stray Title Line"] + lines[middle:])
    after = parse_sections(text, document=QUICKSTART.name)
    assert [s.slug for s in after] == [s.slug for s in quickstart]
    assert any("Stray Title Line" in s.paragraphs for s in after)


def test_a_document_is_of_the_kind_most_of_its_headings_are():
    plain = "Setup\n\nShuffle.\n\n# Aside\n\nPlaying\n\nTake turns.\n"
    assert [(s.title, s.paragraphs) for s in parse_sections(plain, document="plain.txt")] == [
        ("Setup", ["Shuffle.", "# Aside"]),
        ("Playing", ["Take turns."]),
    ]
    markdown = "# Setup\n\nShuffle.\n\nAside\n\n# Playing\n\nTake turns.\n"
    assert [(s.title, s.paragraphs) for s in parse_sections(markdown, document="doc.md")] == [
        ("Setup", ["Shuffle.", "Aside"]),
        ("Playing", ["Take turns."]),
    ]


def test_a_line_of_other_white_space_is_blank():
    # A form feed or an em space makes no untitled section of its own.
    text = "\x0c\n\nSetup\n\nShuffle your\n\u2003\ndeck.\n\nDraw.\n"
    (section,) = parse_sections(text, document="plain.txt")
    assert (section.title, section.line) == ("Setup", 3)
    assert section.paragraphs == ["Shuffle your deck.", "Draw."]
    assert section.printed == "Setup\n\nShuffle your\n\u2003\ndeck.\n\nDraw."


# --- malformed input ----------------------------------------------------------


@pytest.mark.parametrize(
    "name, line, column",
    [
        ("unclosed-strong-heading.md", 5, 16),
        ("mismatched-emphasis-heading.md", 5, 44),
        ("emphasis-inside-heading.md", 3, 12),
    ],
)
def test_malformed_heading_is_a_parse_error(name, line, column):
    text = (DATA / name).read_text(encoding="utf-8")
    bad_line = text.split("\n")[line - 1]
    with pytest.raises(ParseError) as caught:
        parse_sections(text, document=name, first_line=100)
    error = caught.value
    assert (error.document, error.line, error.column) == (name, 99 + line, column)
    assert error.text == bad_line
    assert str(error).startswith(f"{name}:{99 + line}:{column}: unexpected ")
    assert repr(bad_line) in str(error)


def test_the_real_headings_are_well_formed(quickstart_text):
    # The rejected forms above do not occur in the corpus.
    for line in quickstart_text.split("\n"):
        if line.startswith("#"):
            body = line.lstrip("#").strip()
            assert "*" not in body or re.fullmatch(r"(\*{1,3})[^*]+\1", body)


# --- helpers --------------------------------------------------------------------


def test_clean_inline_and_slugify():
    cleaned = clean_inline("**Step 1.** Ready <b>all</b> [cards](http://x) \u00a0 now")
    assert cleaned == "Step 1. Ready all cards now"
    assert slugify("Slow Play vs. Stalling") == "slow-play-vs-stalling"
    slug = slugify("Step 1: Determine which cards are involved.")
    assert slug == "step-1-determine-which-cards-are-involved"
