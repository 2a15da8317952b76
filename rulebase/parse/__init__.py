"""Parsing the corpus: one lark grammar per kind of text, each paired with a
Transformer that turns its tree into :mod:`rulebase.model` values."""
