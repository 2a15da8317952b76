"""What changed between two editions of a rules text, rule by rule.

- :mod:`rulebase.diff.words`: word diffs of two texts and the conversion
  noise between them (quotes, spacing, case, hyphenation, punctuation,
  artifacts of the conversion), which does not count as a change;
- :mod:`rulebase.diff.documents`: the documents compared (an edition or a
  document id) and their rules, read from the graph;
- :mod:`rulebase.diff.editions`: :func:`diff_editions`, every rule of two
  editions paired and classified (unchanged, reworded, renumbered,
  renumbered and reworded, added, removed, split or merged), with the
  summary by kind and section;
- :mod:`rulebase.diff.references`: what became of the rules each rule cites;
- :mod:`rulebase.diff.glossary`: terms added, removed and redefined;
- :mod:`rulebase.diff.records`: the diff as JSON-ready data;
- :mod:`rulebase.diff.rule_history`: the old-to-new renumbering map and one
  rule's history across every edition;
- :mod:`rulebase.diff.terminal`: the diff as a judge reads it in a terminal.

The card errata and their diffs are in :mod:`rulebase.errata`.  Everything
is read from the rule graph.
"""

from __future__ import annotations

from rulebase.diff.documents import DiffError, UnknownEditionError, check_same_text, resolve_document
from rulebase.diff.editions import KINDS, Change, EditionDiff, check_kinds, check_section, diff_editions
from rulebase.diff.glossary import GLOSSARY_KINDS, glossary_changes
from rulebase.diff.records import change_record, diff_record
from rulebase.diff.rule_history import history, renumbering
from rulebase.diff.terminal import diff_lines
from rulebase.diff.words import NOISE_KINDS, diff_text, noise_kinds, word_diff
from rulebase.errors import UnknownRuleError

__all__ = [
    "GLOSSARY_KINDS", "KINDS", "NOISE_KINDS", "Change", "DiffError", "EditionDiff", "UnknownEditionError",
    "UnknownRuleError", "change_record", "check_kinds", "check_same_text", "check_section", "diff_editions",
    "diff_lines", "diff_record", "diff_text", "glossary_changes", "history", "noise_kinds", "renumbering",
    "resolve_document", "word_diff",
]
