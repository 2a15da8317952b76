"""Search over everything in the rule graph: rules, glossary entries, errata
entries and the sections of the unnumbered documents, of both games.

This package is the only part of the project that knows whoosh.

>>> [hit.id for hit in search("514.4c")]
['ccg/3.4/514.4c']
>>> search("stubbron", game="ccg")[0].id
'ccg/3.4/glossary/stubborn'
"""

from rulebase.search.engine import Hit, NumberAnswer, numbered, search, suggest, warm
from rulebase.search.index import ensure as ensure_index
from rulebase.search.index import rebuild as rebuild_index
from rulebase.search.query import MAX_QUERY_LENGTH, SearchQueryError

__all__ = ["Hit", "NumberAnswer", "numbered", "search", "suggest", "warm", "ensure_index", "rebuild_index", "SearchQueryError", "MAX_QUERY_LENGTH"]
