"""Fixtures for the web lookup: the application and its test client."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from rulebase.web import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def site(app):
    return app.extensions["rulebase"]


class Page(HTMLParser):
    """The elements of an HTML page: ``(tag, attributes)`` in order, and the
    text of each element with an id."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def find(self, tag: str, **wanted) -> list[dict]:
        """The attributes of every ``tag`` whose attributes include ``wanted``
        (``class_`` matches one of the classes)."""
        found = []
        for name, attrs in self.elements:
            if name != tag:
                continue
            if "class_" in wanted and wanted["class_"] not in (attrs.get("class") or "").split():
                continue
            if all(attrs.get(k) == v for k, v in wanted.items() if k != "class_"):
                found.append(attrs)
        return found

    def hrefs(self, class_: str | None = None) -> list[str]:
        return [a["href"] for a in (self.find("a", class_=class_) if class_ else self.find("a")) if "href" in a]

    @property
    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())


@pytest.fixture
def page():
    """Fetch a page with a client and parse it: ``page(client, url, status)``."""

    def get(client, url: str, status: int = 200) -> Page:
        response = client.get(url)
        assert response.status_code == status, (url, response.status_code)
        assert response.mimetype == "text/html"
        return Page(response.get_data(as_text=True))

    return get
