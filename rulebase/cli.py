"""The ``rulebase`` command line: a thin layer over the library."""

from __future__ import annotations

import json
import sys
from functools import wraps

import click

from rulebase import __version__
from rulebase.errors import RulebaseError

GAMES = click.Choice(["ccg", "tcg"])


def _graph():
    from rulebase import graph

    return graph.load()


def friendly(command):
    """Report the project's errors as one line on stderr, never a traceback."""

    @wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except RulebaseError as error:
            raise click.ClickException(str(error)) from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulebase")
def main():
    """Rules knowledge base and judge assistant for the My Little Pony card games."""


@main.command()
@click.argument("number")
@click.option("--game", type=GAMES, help="Which game (guessed from the number's style by default).")
@click.option("--edition", help="Which edition, e.g. 3.4 or earlier (the current one by default).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@friendly
def show(number, game, edition, as_json):
    """Show a rule with its parents, children, references and glossary terms."""
    from rulebase import views

    graph = _graph()
    node = graph.resolve(number, game=game, edition=edition)
    record = views.rule_record(graph, node)
    if as_json:
        click.echo(json.dumps(record, indent=2, ensure_ascii=False))
    else:
        click.echo(views.rule_text(graph, record))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per document.")
@friendly
def stats(as_json):
    """Count, per document, its rules, glossary entries, errata entries and sections."""
    from rulebase import views

    rows = views.stats(_graph())
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    header = ("document", "edition", "rules", "glossary", "errata", "sections")
    widths = [max(len(str(row[h])) for row in rows + [dict(zip(header, header))]) for h in header]
    for row in [dict(zip(header, header)), *rows]:
        click.echo("  ".join(str(row[h]).ljust(w) for h, w in zip(header, widths)).rstrip())


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the findings as a JSON list.")
@click.option("--document", help="Only this document (e.g. ccg/earlier).")
@friendly
def lint(as_json, document):
    """Find numbering errors, duplicate numbers, broken references and typos.

    Exits with status 1 when there is an error among the findings.
    """
    from rulebase.lint import ERROR, lint_cached

    findings = [f for f in lint_cached(_graph()) if document is None or f.document == document]
    if as_json:
        click.echo(json.dumps([f.as_dict() for f in findings], indent=2, ensure_ascii=False))
    else:
        for finding in findings:
            click.echo(str(finding))
        errors = sum(f.severity == ERROR for f in findings)
        warnings = len(findings) - errors
        click.echo(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}", err=True)
    sys.exit(1 if any(f.severity == ERROR for f in findings) else 0)


@main.command()
@click.option("--format", "fmt", type=click.Choice(["json", "graphml"]), default="json", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write to a file instead of stdout.")
@friendly
def export(fmt, output):
    """Export the rule graph, with where each text came from."""
    from rulebase import export as exporter

    text = exporter.to_json(_graph()) if fmt == "json" else exporter.to_graphml(_graph())
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text)
