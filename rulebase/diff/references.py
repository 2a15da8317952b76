"""What became of the rules a rule cites, from one edition to the next."""

from __future__ import annotations

from rulebase.model import Rule


def reference_fates(rule: Rule, old_rule: Rule | None, old_by_key: dict[str, Rule], new_keys: set[str],
                    counterpart: dict[str, str], old_edition: str, new_edition: str) -> list[dict]:
    """What became of the rules a rule cites: ``same`` (the same rule, same
    number), ``updated`` (the cited rule was renumbered and the reference
    follows it), ``stale`` (the reference kept the old number of a renumbered
    rule), ``broken`` (it names no rule of the new edition, and no rule of
    the old one either) and ``new`` (a reference the old rule did not have)."""
    out = []
    old_refs = list(old_rule.references) if old_rule is not None else []
    updated = {}
    for number in old_refs:
        moved = counterpart.get(number)
        if moved and moved != number and moved in rule.references:
            updated[moved] = number
    for number in dict.fromkeys(rule.references):
        moved = counterpart.get(number)
        record = {"number": number, "was": None, "now": None}
        if number in updated:
            record.update(status="updated", was=updated[number], now=number,
                          message=f"cites ({number}), the {new_edition} number of the rule the {old_edition} "
                                  f"edition cited as ({updated[number]})")
        elif moved and moved != number and (number not in new_keys or number in old_refs):
            record.update(status="stale", was=number, now=moved,
                          message=f"cites ({number}), the {old_edition} number of a rule that is ({moved}) in "
                                  f"{new_edition}; the reference was not updated when the rule was renumbered")
        elif number not in new_keys:
            record.update(status="broken", message=f"cites ({number}), which is no rule of {new_edition}"
                          + ("" if number in old_by_key else f" or {old_edition}"))
        elif number in old_refs or (moved == number):
            record.update(status="same", now=number, message=f"cites ({number}) as before")
        else:
            record.update(status="new", now=number, message=f"cites ({number}), which the {old_edition} "
                                                            "edition of this rule did not")
        out.append(record)
    return out
