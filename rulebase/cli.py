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
    _announce_slow_steps()


def _announce_slow_steps() -> None:
    """Say on a terminal's stderr what takes seconds the first time (building
    the search index, reading the entries' meaning); in a pipe or a script,
    say nothing."""
    import logging
    import sys

    logger = logging.getLogger("rulebase")
    if sys.stderr.isatty() and not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


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


def _card_sets() -> tuple[list[dict], int]:
    """Per set of the corpus's card data (none without it): its cards and
    printings; and how many cards there are in all."""
    from rulebase import cards, paths
    from rulebase.cards.database import default_root
    from rulebase.cards.model import slug

    root = default_root()
    if not root.is_dir():
        return [], 0
    database = cards.load(root)
    where = root.relative_to(paths.CORPUS).as_posix()
    return [{"document": f"ccg/cards/{slug(card_set.name)}", "set": card_set.name, "set_id": card_set.id,
             "path": f"{where}/{card_set.path}", "cards": len(card_set.cards), "printings": card_set.printings,
             "commented_out": len(card_set.commented_out)} for card_set in database.sets], len(database.cards)


def _table(header: tuple[str, ...], rows: list[dict]) -> None:
    widths = [max(len(str(row[h])) for row in rows + [dict(zip(header, header))]) for h in header]
    for row in [dict(zip(header, header)), *rows]:
        click.echo("  ".join(str(row[h]).ljust(w) for h, w in zip(header, widths)).rstrip())


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per document and per card set.")
@friendly
def stats(as_json):
    """Count, per document, its rules, glossary entries, errata entries and
    sections; per set of the card data, its cards and printings."""
    from rulebase import views

    rows = views.stats(_graph())
    sets, cards = _card_sets()
    if as_json:
        click.echo(json.dumps(rows + sets, indent=2, ensure_ascii=False))
        return
    _table(("document", "edition", "rules", "glossary", "errata", "sections"), rows)
    if sets:
        total = {"set": "all sets", "cards": cards, "printings": sum(row["printings"] for row in sets),
                 "commented_out": sum(row["commented_out"] for row in sets)}
        click.echo("")
        _table(("set", "cards", "printings", "commented_out"), [*sets, total])


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


@main.command("export-site")
@click.argument("directory", type=click.Path(file_okay=False))
@friendly
def export_site(directory):
    """Write the whole site as static files into DIRECTORY, to open from the
    file system or put on any static host: every page, links that work
    without a server, and search by number and words in the browser.

    DIRECTORY must be new, empty or an earlier export (which is replaced).
    """
    from rulebase.web.static_export import export_site as exporting

    click.echo(f"Exporting the site to {directory} ...", err=True)
    click.echo(exporting(directory).text())


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--workers", default=None, show_default="one per core, at most 4", type=click.IntRange(1, 64),
              help="Processes sharing the socket (more than one uses more cores).")
@click.option("--threads", default=4, show_default=True, type=click.IntRange(1, 256), help="Waitress threads per process.")
@friendly
def serve(host, port, workers, threads):
    """Serve the judge web lookup on waitress (http://127.0.0.1:8000/ by default)."""
    from rulebase.web.serve import serve as run

    run(host, port, threads=threads, workers=workers, announce=lambda line: click.echo(line, err=True))


@main.command("diff")
@click.argument("old")
@click.argument("new")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: summary, changes, glossary, findings.")
@click.option("--section", help="Only chapter 5, section 514, or the rules under 514.4.")
@click.option("--kind", "kinds", multiple=True,
              help="Only changes of this kind (repeatable): unchanged, reworded, renumbered, "
                   "renumbered-and-reworded, added, removed, split, merged.")
@click.option("--noise", is_flag=True, help="Show conversion noise (quotes, spacing, punctuation) as changes too.")
@click.option("--map", "as_map", is_flag=True, help="Print the old-to-new renumbering map (CSV, or JSON with --json).")
@friendly
def diff(old, new, as_json, section, kinds, noise, as_map):
    """Compare two editions of a rules text, e.g. `rulebase diff earlier 3.4`.

    OLD and NEW are editions (earlier, 3.4) or document ids (ccg/earlier).
    """
    import csv
    import io

    from rulebase import diff as differ

    graph = _graph()
    if as_map:
        rows = differ.renumbering(graph, old, new)
        if as_json:
            click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        else:
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=["old", "new", "kind"], extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
            click.echo(out.getvalue(), nl=False)
        return
    wanted = differ.check_kinds(kinds)
    where = differ.check_section(section) if section else None
    result = differ.diff_editions(graph, old, new, noise=noise)
    changes = result.select(kinds=wanted, section=where, noise=noise)
    if as_json:
        click.echo(json.dumps(differ.diff_record(graph, result, changes, where), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(differ.diff_lines(graph, result, changes, section=where)))


@main.command()
@click.argument("card", required=False)
@click.option("--set", "set_name", help="Only the errata of this set, e.g. Premiere.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one record per erratum.")
@click.option("--check", is_flag=True, help="Each card's printed and current texts, whichever the card data holds, "
              "the engine's reading of each, and the errata whose change can't be located in the card's text.")
@friendly
def errata(card, set_name, as_json, check):
    """Show the card errata: OLD and NEW texts, their word diff and the publisher's marks."""
    from rulebase import errata as card_errata

    records = card_errata.errata_records(_graph(), card=card, set_name=set_name)
    if check:
        checked = card_errata.texts_check(_graph(), records)
        if as_json:
            click.echo(json.dumps(checked, indent=2, ensure_ascii=False))
        else:
            click.echo("\n".join(card_errata.check_lines(checked)))
        return
    if as_json:
        click.echo(json.dumps(records, indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join("\n".join(card_errata.erratum_lines(record)) for record in records))


@main.command("quickstart-conflicts")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per conflict.")
@click.option("--links", is_flag=True, help="List the rules each quickstart section covers instead.")
@friendly
def quickstart_conflicts(as_json, links):
    """Where the 2014 quickstart rulebook disagrees with the current rules."""
    from rulebase import quickstart

    graph = _graph()
    if links:
        rows = quickstart.section_links(graph)
        if as_json:
            click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        else:
            for row in rows:
                keys = ", ".join(graph.node(link["node"])["key"] for link in row["links"])
                click.echo(f"{row['section']}: {keys or '-'}")
        return
    entries = quickstart.conflicts(graph)
    if as_json:
        click.echo(json.dumps(entries, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(quickstart.conflict_lines(entries)).rstrip())


@main.command("search")
@click.argument("query")
@click.option("--game", type=GAMES, help="Only this game (both by default).")
@click.option("--edition", help="An edition or document (e.g. earlier, ccg/earlier) or 'all' (the current ones by default).")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(["rule", "glossary", "erratum", "section"]),
              help="Only this kind of entry (repeatable).")
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True, help="At most this many hits.")
@click.option("--scores", is_flag=True, help="Show each hit's id and score too.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of hits, best first (with their scores).")
@friendly
def search_command(query, game, edition, kinds, limit, scores, as_json):
    """Find rules, glossary entries, errata and sections by number, keyword or question.

    Each hit is printed as a judge reads it: its number or kind and title,
    where it is from, and the words that matched.
    """
    from rulebase import search as searching

    hits = searching.search(query, game=game, edition=edition, kinds=list(kinds) or None, limit=limit)
    if as_json:
        click.echo(json.dumps([hit.as_dict() for hit in hits], indent=2, ensure_ascii=False))
        return
    if not hits:
        near = searching.suggest(query, game=game, edition=edition)
        click.echo(f"No results for {query!r}." + (" The closest: " + ", ".join(h.key or h.title or h.id for h in near)
                                                   if near else ""), err=True)
        return
    graph = _graph() if any(hit.kind == "erratum" for hit in hits) else None
    for hit in hits:
        click.echo(_hit_line(hit, scores, graph))
        if hit.snippet_text and hit.snippet_text != hit.title:
            click.echo(f"    {hit.snippet_text}")


def _hit_line(hit, scores: bool, graph=None) -> str:
    """A hit's first line: its number (or kind) and title (an erratum named
    as the card data names its card), and the document it is from
    (``ccg/3.4``); its id and score with ``scores``."""
    label = hit.key if hit.kind == "rule" else hit.kind
    name = hit.title
    if hit.kind == "erratum" and graph is not None and hit.id in graph:
        from rulebase.errata import erratum_name

        name = erratum_name(graph, hit.id)
    title = f" {name}" if name else ""
    line = f"{label}{title}    ({hit.document or hit.game + ' cards'})"
    return f"{line}  [{hit.id}]  {hit.score:g}" if scores else line


@main.command("cards")
@click.argument("query", required=False)
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True, help="At most this many cards.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the query, the count and the cards found.")
@click.option("--abilities", is_flag=True,
              help="Report what the engine can do with each card's text: executable, parsed but not executable, "
                   "not parsed; per set, per type, in all and for the theme decks.")
@click.option("--state", type=click.Choice(["unexecutable", "unparsed"]),
              help="With --abilities: list the cards in this state, each with what holds it back.")
@click.option("--theme-decks", is_flag=True, help="With --abilities --state: only the cards of the theme decks.")
@friendly
def cards_command(query, limit, as_json, abilities, state, theme_decks):
    """Find cards: words, "phrases" and fields such as t:friend c:blue pow>=3 kw:swift set:pr (see rulebase.cards.query).

    With --abilities (and no query), report the state of every card's text."""
    if abilities:
        if query is not None:
            raise click.UsageError("--abilities reports every card: give it no query")
        _abilities_report(as_json, state, theme_decks)
        return
    if state or theme_decks:
        raise click.UsageError("--state and --theme-decks go with --abilities")
    if query is None:
        raise click.UsageError("give a query (or --abilities)")
    from rulebase.cards import query as card_query

    found = card_query.search(query)
    if as_json:
        record = {"query": query, "count": len(found), "cards": [card.as_dict() for card in found[:limit]]}
        click.echo(json.dumps(record, indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo(f"No cards for {query!r}.", err=True)
        return
    for card in found[:limit]:
        click.echo(card_query.row_text(card))
    more = f" (the first {limit} shown; --limit for more)" if len(found) > limit else ""
    click.echo(f"{len(found)} card{'s' if len(found) != 1 else ''}{more}")


def _abilities_report(as_json: bool, state: str | None, theme_decks: bool) -> None:
    """``cards --abilities``: the report of :mod:`rulebase.engine.ccg.abilities.catalog`."""
    from rulebase.engine.ccg.abilities import catalog

    report = catalog.report()
    if as_json:
        data = report.as_dict()
        if state or theme_decks:
            data["cards"] = [card.as_dict() for card in (report.theme_cards() if theme_decks else report.cards)
                             if state in (None, card.state)]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if state:
        listed = report.in_state(state, theme_decks)
        for card in listed:
            click.echo(f"{card.name} [{card.card_id}] ({card.set_name}, {card.type}): {card.hold.describe()}")
        click.echo("")
        if state == catalog.UNEXECUTABLE:
            for what, count in report.lacking(theme_decks):
                click.echo(f"{count:5}  {what}")
        else:
            for word, count in report.stopped(theme_decks):
                click.echo(f"{count:5}  stopped at {word!r}" if word else f"{count:5}  stopped at the end of a line")
        click.echo(f"{len(listed)} cards {state}{' in the theme decks' if theme_decks else ''}")
        return
    if theme_decks:
        raise click.UsageError("--theme-decks goes with --state")
    for number, (title, rows) in enumerate(report.rows().items()):
        if number:
            click.echo("")
        _table((title, "executable", "unexecutable", "unparsed", "total", "%"), rows)
    click.echo("")
    click.echo(report.summary())


@main.command("eval")
@click.argument("questions", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the figures and missed questions as JSON.")
@friendly
def eval_command(questions, as_json):
    """Measure the search on judge questions with known answers (MRR@10, recall@5)."""
    from rulebase import evaluate

    report = evaluate.evaluate(evaluate.load_questions(questions))
    report.learnt = evaluate.learnt_from(questions)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    else:
        click.echo(evaluate.report_text(report))


@main.command("test")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--explain", is_flag=True, help="Print, step by step, what the engine did and the text of each rule applied.")
@friendly
def test_command(paths, explain):
    """Run scenario files (by default the project's own, tests/scenarios).

    Exits with status 1 when a scenario fails.
    """
    from rulebase.scenarios import explain as explaining
    from rulebase.scenarios import suite

    graph = _graph()
    report = suite.run_paths(paths or suite.default_paths(), graph)
    for error in report.errors:
        click.echo(f"ERROR {error}")
    for result in report.results:
        click.echo(explaining.explain(result, graph) if explain else explaining.summary_line(result))
        if not result.passed and not explain:
            click.echo(explaining.failure_text(result))
        if explain:
            click.echo("")
    click.echo(report.summary())
    sys.exit(0 if report.ok else 1)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print per section and in total the counts and the confirmed rules.")
@click.option("--audit", "audited", is_flag=True,
              help="Switch off each cited rule in turn and count a rule only if a scenario citing it then fails; "
                   "list every citation that bore no weight (exit status 1 if any).")
@click.option("--proofs", "listed", is_flag=True, help="List every confirmed rule with the scenarios that confirm it.")
@click.option("--game", type=GAMES, default="ccg", show_default=True, help="Whose rules: the CCG's or the TCG's.")
@friendly
def coverage(paths, as_json, audited, listed, game):
    """How many rules of a game's current rules passing scenarios confirm."""
    from rulebase.scenarios import audit as auditing
    from rulebase.scenarios import coverage as covering
    from rulebase.scenarios import proofs as proving
    from rulebase.scenarios import suite

    graph = _graph()
    report = suite.run_paths(paths or suite.default_paths(), graph)
    weighed = auditing.audit(report.results, game) if audited else None
    result = suite.coverage_of(report, graph, game, audit=weighed)
    document = graph.current_edition(game)
    proofs = proving.proofs_of([r for r in report.results if r.scenario.game == game], graph, document)
    if weighed is not None:
        proofs = {rule: found for rule, found in proofs.items() if rule in weighed.confirmed}
    if as_json:
        data = {**result.as_dict(), "scenarios": report.summary(),
                "proofs": {rule: [{key: value for key, value in proof.as_dict().items() if key != "steps"} for proof in found]
                           for rule, found in proofs.items()}}
        if weighed is not None:
            data["audit"] = weighed.as_dict()
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(covering.text_report(result))
        if listed:
            click.echo("Confirmed by:")
            from rulebase.engine.rulebook import sort_key

            for rule in sorted(proofs, key=sort_key):
                click.echo(f"  {rule:<10} " + "; ".join(f"{p.name} ({p.where})" for p in proofs[rule]))
        click.echo(f"scenarios: {report.summary()}")
        if weighed is not None:
            click.echo(auditing.text_report(weighed))
    sys.exit(1 if weighed is not None and weighed.weightless else 0)


@main.command()
@click.option("--game", default="ccg", show_default=True, type=GAMES, help="Which game's engine plays.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="How many games to play.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the random players and shuffles.")
@click.option("--decks", "deck_files", multiple=True, type=click.Path(dir_okay=False),
              help="Deck files (TOML or OCTGN .o8d), CCG only; by default the OCTGN theme decks when present, else "
                   "the sample decks.")
@click.option("--octgn", type=click.Path(exists=True, file_okay=False),
              help="The OCTGN game definition (for .o8d decks and the theme decks), CCG only.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@friendly
def simulate(game, games, seed, deck_files, octgn, as_json):
    """Play random legal games, checking the invariants after every step.

    The CCG's games are played between the decks given (or the theme or
    sample decks); each TCG game between two legal decks generated from
    the seed, with every violation reported with its seed, game and the
    actions that replay it.  Exits with status 1 when an invariant is
    violated, or when a deck file can't be read or breaks a deckbuilding
    rule (said in one line).
    """
    if game == "tcg":
        given = [option for option, value in (("--decks", deck_files), ("--octgn", octgn)) if value]
        if given:
            raise click.UsageError(f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} for the CCG only: "
                                   "each TCG game is played between two decks generated from --seed")
        from rulebase.engine.tcg import simulate as simulating_tcg

        report = simulating_tcg.simulate(games, seed=seed)
        click.echo(json.dumps(report.as_dict(), indent=2) if as_json else report.text_report())
        sys.exit(1 if report.violations else 0)
    from rulebase.engine.ccg import simulate as simulating
    from rulebase.engine.ccg.deck import check

    decks = simulating.load_decks(deck_files, octgn)
    for deck in decks:
        check(deck)
    report = simulating.simulate(games, seed=seed, decks=decks)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2))
    else:
        click.echo(simulating.text_report(report))
    sys.exit(1 if report.violations else 0)


@main.group()
def deck():
    """Deck lists: check one against a format's rules, convert between formats."""


def _read_deck(path: str):
    """The deck of a file; a list that can't be read is said on stderr with exit status 2."""
    from rulebase.cards.decks import DeckError, read_file

    try:
        return read_file(path)
    except DeckError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)


@deck.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", default="harmony", show_default=True,
              type=click.Choice(["harmony", "premiere-block", "odyssey-block", "limited"]), help="The format.")
@click.option("--date", "on", type=click.DateTime(["%Y-%m-%d"]), help="The day of the event (today by default).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
@friendly
def deck_check(file, fmt, on, as_json):
    """Whether the deck list in FILE (.o8d or text) is legal: exit status 0
    legal, 1 not legal, 2 unreadable (or a format that can't be checked)."""
    from rulebase.cards.legality import FormatError, check

    try:
        report = check(_read_deck(file), fmt, on.date() if on else None)
    except FormatError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    click.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) if as_json else report.text())
    sys.exit(0 if report.legal else 1)


@deck.command("convert")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "target", required=True, type=click.Choice(["o8d", "text"]), help="The format to write.")
@friendly
def deck_convert(file, target):
    """Print the deck list in FILE as an OCTGN .o8d or a plain text list."""
    from rulebase.cards.decks import write_o8d, write_text

    deck_read = _read_deck(file)
    click.echo(write_o8d(deck_read) if target == "o8d" else write_text(deck_read), nl=False)
