"""A Sphinx extension that publishes the rules from the rule graph.

Add ``"rulebase.sphinx"`` to ``extensions`` in ``conf.py``; then

- ``:rule:`514.4c``` links to the rule where the documentation renders it
  and shows the rule's text on hover; ``:rule:`earlier 409.6``` and
  ``:rule:`tcg 101.1.0``` name another edition or game; a number the graph
  does not have is a warning (an error with ``-W``) that names the closest;
- ``.. rules:: 514`` renders a section of the rules (``.. rules:: 5`` a
  whole chapter), with options ``:game:`` and ``:edition:``.  Every rule gets
  an anchor, and cross-references in its text become ``:rule:`` links.
"""

from __future__ import annotations

import re

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulebase import __version__
from rulebase.errors import RulebaseError

logger = logging.getLogger(__name__)
_REFERENCE = re.compile(r"\((\d{3}(?:\.\d+[a-z]?(?:\.[ivx]+)?)?)\)")


def _graph():
    from rulebase import graph

    return graph.load()


def anchor(node_id: str) -> str:
    """The HTML anchor of a rule: ``ccg/3.4/514.4c`` -> ``ccg-3-4-514-4c``."""
    return re.sub(r"[^a-z0-9]+", "-", node_id.lower()).strip("-")


def _parse_target(text: str) -> tuple[str | None, str | None, str]:
    """``'514.4c'``, ``'earlier 409.6'``, ``'tcg 101.1.0'`` -> (game, edition, number)."""
    words = text.split()
    game = edition = None
    if len(words) > 1 and words[0] in ("ccg", "tcg"):
        game = words.pop(0)
    if len(words) > 1:
        edition = words.pop(0)
    return game, edition, " ".join(words)


class rule_reference(nodes.reference):
    """A link to a rule, resolved once every page has registered its rules."""


def rule_role(name, rawtext, text, lineno, inliner, options=None, content=()):
    node = rule_reference(rawtext, text, target=text)
    return [node], []


class RulesDirective(SphinxDirective):
    """Render a section (``514``) or chapter (``5``) of the rules from the graph."""

    required_arguments = 1
    option_spec = {"game": directives.unchanged, "edition": directives.unchanged}

    def run(self):
        graph = _graph()
        game = self.options.get("game", "ccg")
        edition = self.options.get("edition")
        wanted = self.arguments[0]
        try:
            document = graph.document_for("101.1" if game == "ccg" else "101.1.0", game, edition)
        except RulebaseError as error:
            raise self.error(f"rules: {error}") from None
        if wanted.isdigit() and len(wanted) <= 2:
            chapter = f"{document}/chapter-{wanted}"
            if chapter not in graph:
                raise self.error(f"rules: {document} has no chapter {wanted}")
            roots = graph.children(chapter)
        else:
            try:
                roots = [graph.resolve(wanted, game=game, edition=edition)]
            except RulebaseError as error:
                raise self.error(f"rules: {error}") from None
        container = nodes.container(classes=["rulebase-rules"])
        targets = self.env.domaindata.setdefault("rulebase", {}).setdefault("targets", {})
        for root in roots:
            self._render(graph, root, container, targets)
        return [container]

    def _render(self, graph, node_id, parent, targets):
        data = graph.node(node_id)
        targets[node_id] = (self.env.docname, anchor(node_id))
        if data.get("heading"):
            section = nodes.section(ids=[anchor(node_id)], names=[node_id])
            section += nodes.title(text=f"{data['key']}. {data.get('title') or ''}")
            parent += section
            body = section
        else:
            paragraph = nodes.paragraph(ids=[anchor(node_id)], classes=["rule"])
            paragraph += nodes.strong(text=data["key"])
            if data.get("number") and data["number"] != data["key"].split("~")[0]:
                paragraph += nodes.emphasis(text=f" (printed {data['number']})")
            paragraph += nodes.Text(" ")
            self._text(graph, data, paragraph)
            parent += paragraph
            body = parent
        for child in graph.children(node_id):
            self._render(graph, child, body, targets)

    def _text(self, graph, data, paragraph):
        """The rule's text, its references as links; a reference to a rule the
        document does not have stays text, marked as broken."""
        text = data.get("text") or ""
        game = data["game"]
        position = 0
        for match in _REFERENCE.finditer(text):
            paragraph += nodes.Text(text[position:match.start()])
            if f"{data['document']}/{match.group(1)}" in graph:
                target = f"{game} {data['edition']} {match.group(1)}"
                paragraph += rule_reference(match.group(0), match.group(0), target=target)
            else:
                paragraph += nodes.inline(match.group(0), match.group(0), classes=["broken-reference"])
            position = match.end()
        paragraph += nodes.Text(text[position:])


def _resolve(app, doctree, docname):
    graph = _graph()
    targets = app.env.domaindata.get("rulebase", {}).get("targets", {})
    for reference in list(doctree.findall(rule_reference)):
        game, edition, number = _parse_target(reference["target"])
        try:
            node_id = graph.resolve(number, game=game, edition=edition)
        except RulebaseError as error:
            logger.warning(f"rule {reference['target']!r}: {error}", location=reference)
            reference.replace_self(nodes.literal(text=reference.astext()))
            continue
        data = graph.node(node_id)
        link = nodes.reference(reference.rawsource, reference.astext(), internal=True,
                               reftitle=f"{data['key']}: {data.get('title') or data.get('text') or ''}"[:400],
                               classes=["rulebase-rule"])
        if node_id in targets:
            target_doc, target_anchor = targets[node_id]
            link["refuri"] = app.builder.get_relative_uri(docname, target_doc) + "#" + target_anchor
        else:
            logger.warning(f"rule {reference['target']!r} is not published in these documents", location=reference)
        reference.replace_self(link)


def _purge(app, env, docname):
    targets = env.domaindata.get("rulebase", {}).get("targets", {})
    for key in [k for k, (doc, _) in targets.items() if doc == docname]:
        del targets[key]


def _merge(app, env, docnames, other):
    env.domaindata.setdefault("rulebase", {}).setdefault("targets", {}).update(
        other.domaindata.get("rulebase", {}).get("targets", {}))


def setup(app):
    app.add_role("rule", rule_role)
    app.add_directive("rules", RulesDirective)
    app.add_node(rule_reference)
    app.connect("doctree-resolved", _resolve)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
