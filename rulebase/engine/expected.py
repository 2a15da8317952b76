"""What a lark grammar of card text expected where the reader stopped, in
words a player reads: each terminal by its description, its literal text,
or its name.

>>> from lark import Lark
>>> parser = Lark('start: "draw" INT\\nINT: /[0-9]+/\\n%ignore " "')
>>> expected_words(parser, ["INT", "DRAW"], {"INT": "a number"}, 8)
["'draw'", 'a number']
"""

from __future__ import annotations


def expected_words(parser, names, described: dict, most: int, named: bool = False) -> list[str]:
    """The words for the terminals ``names`` of ``parser``: a terminal in
    ``described`` by its description, one matching a fixed text by that text
    quoted, another by its name in lower case when ``named`` (else left
    out); sorted, without repeats, at most ``most`` of them and ``...``
    after."""
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
    return words[:most] + (["..."] if len(words) > most else [])
