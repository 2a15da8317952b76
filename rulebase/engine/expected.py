"""What a lark grammar of card text expected where the reader stopped, in
words a player reads: each terminal by its description, its literal text,
or its name.

>>> from lark import Lark
>>> parser = Lark('start: "draw" INT\\nINT: /[0-9]+/\\n%ignore " "')
>>> expected_words(parser, ["INT", "DRAW"], {"INT": "a number"}, 8)
["'draw'", 'a number']
>>> expected_words(parser, ["INT", "DRAW"], {"INT": "a number"}, 1, near="drow")
["'draw'", '...']
"""

from __future__ import annotations

from rapidfuzz.fuzz import ratio


def expected_words(parser, names, described: dict, most: int, named: bool = False,
                   near: str | None = None) -> list[str]:
    """The words for the terminals ``names`` of ``parser``: a terminal in
    ``described`` by its description, one matching a fixed text by that text
    quoted, another by its name in lower case when ``named`` (else left
    out); sorted, without repeats, at most ``most`` of them and ``...``
    after.  Where there are more and ``near`` is the word written instead,
    the ``most`` closest to it are kept, so a misspelt word is shown the one
    it meant."""
    words = []
    for name in sorted(set(names)):
        if name in described:
            words.append(described[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            words.append(repr(pattern.value))
        elif named:
            words.append(name.lower())
    words = sorted(dict.fromkeys(words))
    if len(words) > most and near:
        closest = sorted(words, key=lambda word: -ratio(near.casefold(), word.strip("'\"").casefold()))
        return sorted(closest[:most]) + ["..."]
    return words[:most] + (["..."] if len(words) > most else [])
