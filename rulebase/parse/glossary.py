"""CCG glossaries (``grammar/glossary.lark``): term, parameter, kind and definition."""

from __future__ import annotations

import re

from lark import Transformer, v_args

from rulebase.model import GlossaryEntry
from rulebase.parse import common
from rulebase.parse.text import clean, split_lines

_KINDS = {
    "A keyword ability": "keyword ability",
    "A keyword action": "keyword action",
    "A tag word": "tag word",
    "A trait": "trait",
    "This is a flag": "flag",
    "A word that": "word",
}
_QUOTED = re.compile(r'It means\s*"(.*?)"?\s*$', re.S)


@v_args(meta=True)
class GlossaryTransformer(Transformer):
    """Turns the tree of ``glossary.lark`` into :class:`GlossaryEntry` values."""

    def __init__(self, source: list[str], first_line: int):
        super().__init__()
        self.source = source
        self.first_line = first_line

    def start(self, meta, items):
        return [item for item in items if isinstance(item, GlossaryEntry)]

    def running_header(self, meta, items):
        return None

    heading = running_header

    def term(self, meta, items):
        return ("term", str(items[0]))

    def parameter(self, meta, items):
        return ("parameter", str(items[0]))

    def kind(self, meta, items):
        return items[0]

    def definition(self, meta, items):
        tokens = [item for item in items if hasattr(item, "type")]
        kind = next(
            (name for token in tokens if token.type == "KIND"
             for prefix, name in _KINDS.items() if token.startswith(prefix)),
            None,
        )
        return ("definition", kind, " ".join(str(token) for token in tokens))

    def entry(self, meta, items):
        fields = {item[0]: item for item in items}
        _, kind, definition = fields["definition"]
        definition = clean(definition)
        quoted = _QUOTED.search(definition)
        line = meta.line + self.first_line - 1
        return GlossaryEntry(
            term=fields["term"][1],
            parameter=fields.get("parameter", (None, None))[1],
            kind=kind or "term",
            definition=definition,
            text=clean(" ".join(self.source[meta.line - 1].split())),
            printed=self.source[meta.line - 1],
            line=line,
            quoted=quoted.group(1).strip() if quoted else None,
        )


def parse_glossary(text: str, *, document: str, first_line: int = 1) -> list[GlossaryEntry]:
    """Parse a glossary chapter, from its chapter heading on."""
    tree = common.parse("glossary", text, document=document, first_line=first_line)
    return GlossaryTransformer(split_lines(text), first_line).transform(tree)
