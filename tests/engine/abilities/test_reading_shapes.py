"""Reading the less common shapes of card text (grammar/ccg_card_text.lark):
each test pins the model a real card's words read as."""

from __future__ import annotations

import pytest

from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Effect,
    Modifier,
    Selector,
    values,
)
from rulebase.engine.ccg.abilities.reading import NAMED_KEYWORDS, CardTextError, read

THAT_FRIEND = Selector("that", ref="Friend")


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


# -- keywords ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMED_KEYWORDS)
def test_a_keyword_the_glossary_lacks_is_named_without_a_meaning(name):
    ability = one(f"{name}.")
    assert (ability.kind, ability.keyword, ability.meaning) == ("keyword", name, None)


def test_a_keyword_with_its_x_given_while_a_condition_holds():
    ability = one("While there are no opposing characters here, this card has Showy 2.")
    assert ability.modifier == Modifier("keyword", subject=THIS_CARD, values=values(keyword="Showy", x=2))
    assert ability.condition.kind == "none"


def test_a_keyword_the_glossary_lacks_given_to_other_cards():
    ability = one("Your characters here have Agile.")
    assert ability.modifier.value("keyword") == "Agile"


def test_a_keyword_given_until_the_end_of_the_turn():
    ability = one("Immediate: Exhaust this card to give a Troublemaker here Competitive 4 until the end of the turn.")
    effect = ability.effect
    assert (effect.verb, effect.duration, effect.values) == (
        "gain-keyword", "turn", values(keyword="Competitive", x=4))
    assert effect.target.noun == "Troublemaker" and effect.target.where == "here"
    ability = one("When you play this card, Friends in your hand have Hasty until the end of the turn.")
    assert (ability.effect.verb, ability.effect.value("keyword"), ability.effect.target.zone) == (
        "gain-keyword", "Hasty", "hand")


def test_a_word_that_is_not_a_keyword_is_not_given():
    with pytest.raises(CardTextError) as caught:
        read("Your characters here have Banana 2.")
    assert "not a keyword: 'Banana'" in str(caught.value)


# -- two changes in one continuous ability, colors and traits --------------------------------

def test_power_and_a_color():
    ability = one("That Friend has +1 power and is also [Generosity].")
    assert ability.modifier == Modifier("all", subject=THAT_FRIEND, values=values(all_of=(
        Modifier("power", subject=THAT_FRIEND, amount=Amount(1)),
        Modifier("color", subject=THAT_FRIEND, values=values(color="white", also=True)))))


def test_power_and_a_keyword_while_cutie_marked():
    ability = one("While this card is Cutie Marked, it has +1 power and Diligent 1.")
    first, second = ability.modifier.value("all-of")
    assert (first.kind, first.amount) == ("power", Amount(1))
    assert (second.kind, second.values) == ("keyword", values(keyword="Diligent", x=1))
    assert ability.condition == Condition("status", subject=THIS_CARD, values=values(status="cutie-marked"))


def test_a_color_named_in_words_and_a_trait():
    ability = one("While at a Problem with Rarity, this card has +1 power and is also White.")
    assert ability.modifier.value("all-of")[1].values == values(color="white", also=True)
    assert one("That Friend is a Critter.").modifier == Modifier(
        "trait", subject=THAT_FRIEND, values=values(trait="Critter"))
    epic = one("That Troublemaker is Epic and has +3 power.").modifier.value("all-of")
    assert [m.kind for m in epic] == ["trait", "power"] and epic[0].value("trait") == "Epic"


def test_a_lowercase_word_is_neither_color_nor_trait():
    with pytest.raises(CardTextError) as caught:
        read("That Friend is a banana.")
    assert "'banana' is not a color or a trait" in str(caught.value)


def test_a_condition_on_a_color():
    ability = one("While your Mane Character is [Generosity], this card has Showy 1.")
    assert ability.condition == Condition("color", subject=Selector("Mane Character", controller="you"),
                                          values=values(color="white"))


def test_a_color_given_until_the_end_of_the_phase():
    ability = one("Main Phase: Retire this card to give one of your characters [Honesty] until the end of the phase.")
    effect = ability.effect
    assert (effect.verb, effect.duration, effect.values) == ("color", "phase", values(color="orange", also=True))


def test_a_card_is_the_color_named():
    ability = one("As this card enters play, name a color. This card is that color.")
    named, colored = ability.effect.chain()
    assert (named.verb, named.values) == ("name", values(what="color"))
    assert colored == Effect("color", target=THIS_CARD, values=values(color="that", also=False))
    ability = one("Main Phase: Exhaust that Friend to choose a color. That Friend has that color until the end of "
                  "the phase.")
    colored = list(ability.effect.chain())[-1]
    assert (colored.verb, colored.duration, colored.value("also")) == ("color", "phase", True)
