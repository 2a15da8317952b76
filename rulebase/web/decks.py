"""The deck checker: ``/ccg/deck`` (paste a list or upload an ``.o8d``, pick
a format and a date, read the report with each violation's rule linked) and
``/api/deck/check`` (the same report as JSON).

Nothing is kept: a deck is read, checked and forgotten, so the form needs no
CSRF token; the page is a plain form that works without JavaScript.  A
request body is bounded (:data:`MAX_REQUEST`) before it is read.
"""

from __future__ import annotations

import datetime

from flask import Blueprint, abort, jsonify, render_template, request

from rulebase.cards.decks import MAX_BYTES, DeckError, read
from rulebase.cards.legality import FORMATS, FormatError, Report, check, formats
from rulebase.web.common import bounded_body, catalog

bp = Blueprint("decks", __name__)

MAX_REQUEST = MAX_BYTES + 16 * 1024
"""The largest request body read: a deck list and the form around it."""


def _bounded() -> None:
    """A 413 for a body larger than :data:`MAX_REQUEST` (or of no stated length)."""
    bounded_body(MAX_REQUEST, "the deck", f"A deck list is at most {MAX_BYTES // 1024} KB.")


def _choice(name: str, default: str) -> str:
    return (request.form.get(name) or request.args.get(name) or default).strip()


def _inputs() -> tuple[str, datetime.date | None]:
    fmt = _choice("format", "harmony")
    if fmt not in FORMATS:
        abort(400, f"format must be one of {', '.join(FORMATS)}, not {fmt[:40]!r}.")
    text = _choice("date", "")
    try:
        on = datetime.date.fromisoformat(text) if text else None
    except ValueError:
        abort(400, f"date must be a day as YYYY-MM-DD, not {text[:40]!r}.")
    return fmt, on


def _deck_input() -> tuple[bytes | str, str] | None:
    """The deck sent: an uploaded file, the ``deck`` field, or the body itself."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.stream.read(MAX_BYTES + 1)
        return data, upload.filename[-80:]
    text = request.form.get("deck", "")
    if text.strip():
        return text, "deck"
    if not request.form and not request.files:
        body = request.get_data(cache=False)[: MAX_REQUEST + 1]
        if body.strip():
            return body, "deck"
    return None


def _view(report: Report) -> dict:
    """What the page shows of a report: each violation with its rule's page
    and its cards, and the deck as read."""
    cat = catalog()
    names = {card.id: card.full_name for card in report.deck.cards()}
    rows = []
    for violation in report.violations:
        url = cat.url(violation.node) if violation.node in cat.data else None
        cards = [{"name": names.get(card_id, card_id), "url": cat.card_url(card_id)} for card_id in violation.cards]
        rows.append({**violation.as_dict(), "url": url, "card_links": cards})
    parts = [(title, report.deck.count(part), [{"name": card.full_name, "copies": copies, "url": cat.card_url(card.id)}
                                               for card, copies in getattr(report.deck, part)])
             for title, part in (("Mane Character", "mane"), ("Problem Deck", "problems"), ("Draw Deck", "draw"))]
    return {"report": report, "rows": rows, "parts": parts}


def _check() -> Report:
    fmt, on = _inputs()
    sent = _deck_input()
    if sent is None:
        raise DeckError("deck: no deck sent: paste a list in 'deck' or upload an .o8d as 'file'")
    data, name = sent
    return check(read(data, name), fmt, on)


@bp.post("/api/deck/check")
def api_check():
    """``deck`` (a text list) or ``file`` (an .o8d or text upload) or the body;
    ``format`` and ``date`` as form fields or in the query string."""
    _bounded()
    report = _check()
    body = report.as_dict()
    cat = catalog()
    for violation in body["violations"]:
        violation["url"] = cat.url(violation["node"]) if violation["node"] in cat.data else None
    return jsonify(body)


@bp.route("/ccg/deck", methods=["GET", "POST"])
def page():
    """The deck checker's form, and the report of the deck sent."""
    options = [(key, fmt.name) for key, fmt in formats().items()]
    form = {"deck": "", "format": "harmony", "date": ""}
    if request.method == "GET":
        return render_template("decks/check.html", options=options, form=form, game="ccg")
    _bounded()
    form = {"deck": request.form.get("deck", "")[:MAX_BYTES], "format": _choice("format", "harmony"),
            "date": _choice("date", "")[:10]}
    try:
        view, error = _view(_check()), None
    except (DeckError, FormatError) as problem:
        view, error = None, str(problem)
    return render_template("decks/check.html", options=options, form=form, game="ccg", error=error,
                           **(view or {})), (400 if error else 200)
