import re

import pytest

from rulebase.errors import ParseError
from rulebase.parse.glossary import parse_glossary
from tests.conftest import region

V34 = "ccg/comprehensive-rules-v3.4-with-errata-limited-tournament.md"
EARLIER = "ccg/comprehensive-rules-earlier-edition.md"
# An entry starts a line (after a bullet and emphasis) with a capitalised term and a colon.
ENTRY = re.compile(r"^(?:- )?\**([A-Z][A-Za-z' ]+?)\**:")


@pytest.fixture(scope="module", params=[(V34, "9. Glossary", "10. My Little Pony CCG Card Errata"), (EARLIER, "10. Glossary", None)])
def glossary(request):
    path, start, end = request.param
    lines, first = region(path, start, end)
    return lines, first, parse_glossary("\n".join(lines), document=path, first_line=first)


def test_every_entry_is_recovered(glossary):
    lines, first, entries = glossary
    expected = [(first + i, ENTRY.match(line).group(1).strip()) for i, line in enumerate(lines) if ENTRY.match(line)]
    assert [(e.line, e.name) for e in entries] == expected


def test_entries_have_term_parameter_kind_and_meaning(parts):
    entries = {e.name: e for e in parts["ccg/3.4/glossary"].glossary}
    calming = entries["Calming X"]
    assert (calming.term, calming.parameter, calming.kind) == ("Calming", "X", "keyword ability")
    assert calming.quoted == "When an opposing Friend enters play here, it gets -X power until the end of the turn."
    assert "$-X$" in calming.printed
    assert entries["Chaos"].kind == "tag word"
    assert entries["Cutie Mark"].kind == "keyword action"
    assert entries["Dilemma"].kind == "trait"
    assert entries["Starting Problem"].kind == "flag"
    assert entries["Home Limit"].kind == "term" and entries["Home Limit"].quoted is None
    assert entries["Eccentric X"].quoted == "Opponents need +[X wild] to confront this card's Problem."
    earlier = {e.name: e for e in parts["ccg/earlier/glossary"].glossary}
    assert earlier["Swift"].quoted == "You pay –[1 action token] to move this card."


def test_an_entry_without_a_colon_is_an_error():
    with pytest.raises(ParseError) as caught:
        parse_glossary("9. Glossary\n\n- **Swift** A keyword ability cards can have.\n", document="g.md", first_line=5)
    assert caught.value.line == 7
    assert str(caught.value).startswith("g.md:7:")
