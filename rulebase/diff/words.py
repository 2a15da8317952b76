"""Word diffs of two texts, and the conversion noise between them.

:func:`word_diff` cuts two texts into words (:func:`rulebase.pairing.tokens`)
and compares them without conversion noise (case, hyphenation, quotes,
punctuation and spacing) unless asked; :func:`changed_spans` says where the
same comparison finds changes in each text; :func:`noise_kinds` names the
kinds of noise between two texts that say the same thing.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from rulebase.pairing import NOISE_PUNCTUATION, is_significant, normal, tokens

NOISE_KINDS = ("quotes", "spacing", "punctuation", "case", "hyphenation", "artifacts")
_NOISE_CHARACTERS = "".join(NOISE_PUNCTUATION) + " \t\n"


def word_diff(old: str | None, new: str | None, *, noise: bool = False) -> list[dict]:
    """The word-level diff of two texts, as segments ``{"op", "text"}`` with
    ``op`` one of ``equal``, ``delete`` (text of ``old`` only) and ``insert``
    (text of ``new`` only).  Joining the ``equal`` and ``insert`` segments
    gives ``new``; joining ``equal`` and ``delete`` gives ``old`` (up to the
    spacing and punctuation between changed words).

    Words are compared without conversion noise (case, hyphenation, quotes,
    punctuation and spacing); ``noise=True`` compares every character.

    >>> word_diff("Pay those costs", "Pay these costs.")
    [{'op': 'equal', 'text': 'Pay '}, {'op': 'delete', 'text': 'those'}, {'op': 'insert', 'text': 'these'}, {'op': 'equal', 'text': ' costs.'}]
    >>> word_diff("the “end”", 'the "end"')
    [{'op': 'equal', 'text': 'the "end"'}]
    >>> word_diff("the “end”", 'the "end"', noise=True)[1:]
    [{'op': 'delete', 'text': '“'}, {'op': 'insert', 'text': '"'}, {'op': 'equal', 'text': 'end'}, {'op': 'delete', 'text': '”'}, {'op': 'insert', 'text': '"'}]
    """
    old, new = old or "", new or ""
    if not old and not new:
        return []
    if not old:
        return [{"op": "insert", "text": new}]
    if not new:
        return [{"op": "delete", "text": old}]
    old_tokens, new_tokens = tokens(old), tokens(new)
    old_at, new_at, opcodes = _compare(old_tokens, new_tokens, noise)
    segments: list[dict] = []
    if not old_at or not new_at:
        segments = [{"op": "delete", "text": old}, {"op": "insert", "text": new}]
        return segments if noise else _hide_noise(segments)

    def span(token_list, at, start, end):
        """The text of key positions ``start:end``, with what follows up to the next key."""
        first = at[start] if start > 0 else 0
        last = at[end] if end < len(at) else len(token_list)
        return "".join(token_list[first:last])

    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            add_segment(segments, "equal", span(new_tokens, new_at, j1, j2))
            continue
        if i2 > i1:
            text = span(old_tokens, old_at, i1, i2)
            before = old_tokens[old_at[i1] - 1] if i1 > 0 and old_at[i1] > 0 else ""
            if before.isspace() and segments and not segments[-1]["text"][-1:].isspace():
                text = " " + text
            add_segment(segments, "delete", text)
        if j2 > j1:
            add_segment(segments, "insert", span(new_tokens, new_at, j1, j2))
    if not noise:
        segments = _hide_noise(segments)
    return _tidy(segments)


def changed_spans(old: str, new: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where :func:`word_diff` finds changes between two texts, as character
    spans ``(start, end)`` of each: the words one text has and the other has
    not at that place, from the first changed word of a run to the last,
    without the noise punctuation and spacing around them.

    >>> old, new = "Pay those costs", "Pay these costs."
    >>> [old[a:b] for a, b in changed_spans(old, new)[0]], [new[a:b] for a, b in changed_spans(old, new)[1]]
    (['those'], ['these'])
    >>> changed_spans("the “end”", 'the "end"')
    ([], [])
    """
    old_tokens, new_tokens = tokens(old or ""), tokens(new or "")
    old_at, new_at, opcodes = _compare(old_tokens, new_tokens, False)
    old_starts, new_starts = _starts(old_tokens), _starts(new_tokens)
    old_spans: list[tuple[int, int]] = []
    new_spans: list[tuple[int, int]] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        _add_span(old_spans, old or "", old_starts, old_at[i1:i2])
        _add_span(new_spans, new or "", new_starts, new_at[j1:j2])
    return old_spans, new_spans


def _compare(old_tokens: list[str], new_tokens: list[str], noise: bool) -> tuple[list[int], list[int], list[tuple]]:
    """The positions of the tokens two texts are compared by (every token
    with ``noise``, else every token but spacing), and the opcodes of their
    comparison (by :func:`rulebase.pairing.normal` form without ``noise``)."""
    if noise:
        old_at, new_at = list(range(len(old_tokens))), list(range(len(new_tokens)))
        keys_old = [_space_key(t) for t in old_tokens]
        keys_new = [_space_key(t) for t in new_tokens]
    else:
        old_at = [i for i, t in enumerate(old_tokens) if not t.isspace()]
        new_at = [i for i, t in enumerate(new_tokens) if not t.isspace()]
        keys_old = [normal(old_tokens[i]) for i in old_at]
        keys_new = [normal(new_tokens[i]) for i in new_at]
    return old_at, new_at, SequenceMatcher(None, keys_old, keys_new, autojunk=False).get_opcodes()


def _starts(token_list: list[str]) -> list[int]:
    """The character offset of each token, and the text's length after them."""
    starts, at = [], 0
    for token in token_list:
        starts.append(at)
        at += len(token)
    return [*starts, at]


def _add_span(spans: list[tuple[int, int]], text: str, starts: list[int], positions: list[int]) -> None:
    """Add the span of the tokens at ``positions``, trimmed of noise; nothing when only noise is left."""
    if not positions:
        return
    start, end = starts[positions[0]], starts[positions[-1] + 1]
    chunk = text[start:end]
    trimmed = chunk.lstrip(_NOISE_CHARACTERS)
    start += len(chunk) - len(trimmed)
    end = start + len(trimmed.rstrip(_NOISE_CHARACTERS))
    if end > start:
        spans.append((start, end))


def _hide_noise(segments: list[dict]) -> list[dict]:
    """Drop deleted runs and keep inserted runs that hold only noise
    punctuation and spacing; an inserted run that starts with some keeps
    that start as unchanged text."""
    out: list[dict] = []
    for segment in segments:
        text = segment["text"]
        if segment["op"] != "equal":
            lead = len(text) - len(text.lstrip("".join(NOISE_PUNCTUATION) + " \t\n"))
            if lead == len(text):
                if segment["op"] == "insert":
                    add_segment(out, "equal", text)
                continue
            if segment["op"] == "insert" and lead:
                add_segment(out, "equal", text[:lead])
                text = text[lead:]
        add_segment(out, segment["op"], text)
    return out


def _space_key(token: str) -> str:
    if token.isspace():
        return "\n" if "\n" in token else " "
    return token


def add_segment(segments: list[dict], op: str, text: str) -> None:
    """Append ``text`` to a word diff as ``op``, joining it to the last
    segment when that has the same ``op``."""
    if not text:
        return
    if segments and segments[-1]["op"] == op:
        segments[-1]["text"] += text
    else:
        segments.append({"op": op, "text": text})


def _tidy(segments: list[dict]) -> list[dict]:
    """Keep changes to words, not spaces: an inserted run's trailing spacing
    moves onto the unchanged text after it; a deleted run's is dropped when
    that text then starts with a space (so the old words stay apart)."""
    tidy: list[dict] = []
    run: list[dict] = []
    for segment in [*segments, None]:
        if segment is not None and segment["op"] != "equal":
            run.append(dict(segment))
            continue
        if run and segment is not None:
            spacing = ""
            for changed in run:
                stripped = changed["text"].rstrip()
                if stripped and changed["op"] == "insert":
                    spacing += changed["text"][len(stripped):]
                    changed["text"] = stripped
            following = spacing + segment["text"]
            if following[:1].isspace():
                for changed in run:
                    if changed["op"] == "delete" and changed["text"].rstrip():
                        changed["text"] = changed["text"].rstrip()
            segment = {"op": "equal", "text": following}
        for changed in run:
            add_segment(tidy, changed["op"], changed["text"])
        run = []
        if segment is not None:
            add_segment(tidy, segment["op"], segment["text"])
    for index in range(1, len(tidy) - 1):
        before, deleted, after = tidy[index - 1], tidy[index], tidy[index + 1]
        if (deleted["op"] == "delete" and before["op"] == after["op"] == "equal" and deleted["text"][-1:] == " "
                and before["text"][-1:] == " " and not after["text"][:1].isspace()):
            # "many [-additional -]points" reads "many[- additional-] points"
            before["text"], deleted["text"] = before["text"][:-1], " " + deleted["text"][:-1]
            after["text"] = " " + after["text"]
    return [segment for segment in tidy if segment["text"]]


def diff_text(segments: list[dict]) -> str:
    """A word diff as one line of text: ``[-deleted-]{+inserted+}``.

    >>> diff_text(word_diff("a b c", "a x c"))
    'a [-b-]{+x+} c'
    """
    out = []
    for segment in segments:
        text = segment["text"]
        out.append(text if segment["op"] == "equal" else
                   (f"[-{text}-]" if segment["op"] == "delete" else f"{{+{text}+}}"))
    return "".join(out)


_ARTIFACT = re.compile(r"\\[A-Za-z]+|\$|[↔⇔⇒⊖]|\*\*|<[^>\n]+>|^\s*[-•]?\s*[Oo•]\s+\(", re.M)
_CURLY = set("“”‘’")


def noise_kinds(old: str, new: str, old_printed: str = "", new_printed: str = "") -> list[str]:
    """The kinds of conversion noise between two texts that say the same or
    nearly the same thing: ``quotes``, ``spacing``, ``punctuation``, ``case``,
    ``hyphenation`` and ``artifacts`` (read from the printed forms, which
    keep the quotes and conversion marks the clean texts drop).

    >>> noise_kinds("Zero is an even number", "Zero is an\\neven  Number.")
    ['spacing', 'punctuation', 'case']
    """
    found = set()
    old_tokens = [t for t in tokens(old) if not t.isspace()]
    new_tokens = [t for t in tokens(new) if not t.isspace()]
    old_marks = [t.translate(_PLAIN) for t in old_tokens if t in NOISE_PUNCTUATION]
    new_marks = [t.translate(_PLAIN) for t in new_tokens if t in NOISE_PUNCTUATION]
    if old_marks != new_marks:
        found.add("punctuation")
    old_words = [t for t in old_tokens if is_significant(t)]
    new_words = [t for t in new_tokens if is_significant(t)]
    for a, b in _aligned(old_words, new_words):
        if a != b and a.lower() == b.lower():
            found.add("case")
        elif a.lower() != b.lower() and normal(a) == normal(b):
            found.add("hyphenation")
    old_spacing, new_spacing = _spacing(old), _spacing(new)
    matcher = SequenceMatcher(None, [t.translate(_PLAIN) for t in old_tokens],
                              [t.translate(_PLAIN) for t in new_tokens], autojunk=False)
    for block in matcher.get_matching_blocks():
        at_end = block.a + block.size == len(old_tokens) and block.b + block.size == len(new_tokens)
        for k in range(block.size if at_end else block.size - 1):
            if old_spacing[block.a + k] != new_spacing[block.b + k]:
                found.add("spacing")
    old_curly, new_curly = bool(_CURLY & set(old_printed)), bool(_CURLY & set(new_printed))
    if old_curly != new_curly and ({'"', "'"} & set(old_printed + new_printed)):
        found.add("quotes")
    if bool(_ARTIFACT.search(old_printed)) != bool(_ARTIFACT.search(new_printed)):
        found.add("artifacts")
    return [kind for kind in NOISE_KINDS if kind in found]


_PLAIN = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})


def _aligned(a: list[str], b: list[str]) -> list[tuple[str, str]]:
    """Pairs of tokens at the same place in two lists compared loosely."""
    matcher = SequenceMatcher(None, [normal(t) for t in a], [normal(t) for t in b], autojunk=False)
    pairs = []
    for block in matcher.get_matching_blocks():
        pairs.extend(zip(a[block.a:block.a + block.size], b[block.b:block.b + block.size]))
    return pairs


def _spacing(text: str) -> list[str]:
    """The spacing of a text: for each non-space token, the kind of space after it."""
    out = []
    pieces = tokens(text)
    for index, token in enumerate(pieces):
        if token.isspace():
            continue
        following = pieces[index + 1] if index + 1 < len(pieces) else ""
        out.append(_space_key(following) if following.isspace() else "")
    return out
