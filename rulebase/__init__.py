"""rulebase: the rules knowledge base and judge assistant for the My Little
Pony card games."""

__version__ = "0.1.0"
