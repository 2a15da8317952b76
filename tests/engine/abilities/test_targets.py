"""What a selector names: nouns, whose cards, where, zones and filters;
face-down Troublemakers only when the text says "face-down" (505.2)."""

from rulebase.engine.ccg.abilities import conditions, targets
from rulebase.engine.ccg.abilities.events import Happened
from rulebase.engine.ccg.abilities.model import THIS_CARD, Amount, Condition, Selector, values
from rulebase.engine.ccg.abilities.resolve import Context
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed

from ..helpers import COMET, GEAR, KITE, PEST, RUNNER, board_with

CRITTER = Printed.build("Angel", "Friend", colors=["yellow"], power=1, cost=1, traits=["Critter"])


def table():
    """Alice: Comet at home, Angel (Critter) and Stuck Kite at her Problem;
    Bob: Breeze Runner at Alice's Problem, Comet at home, a face-down Pest
    at Alice's Problem, Comet in his hand and discard pile."""
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (CRITTER, 0, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0), (RUNNER, 1, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "home", 1), (PEST, 1, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.HAND, None, 1), (COMET, 1, Zone.DISCARD, None, 1))
    board.cards[5].face_down = True
    return board


def labels(found):
    return [f"{card.label}/{card.owner}" for card in found]


def test_nouns_controllers_and_places():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    assert labels(targets.candidates(board, alice, Selector("Friend"))) == [
        "Comet/0", "Angel/0", "Breeze Runner/1", "Comet/1"]
    assert labels(targets.candidates(board, alice, Selector("character", controller="opponent"))) == [
        "Breeze Runner/1", "Comet/1"]
    assert labels(targets.candidates(board, alice, Selector("Friend", where="here"))) == ["Angel/0", "Breeze Runner/1"]
    assert labels(targets.candidates(board, alice, Selector("Friend", where="home", controller="you"))) == ["Comet/0"]
    assert labels(targets.candidates(board, alice, Selector("Problem"))) == ["Stuck Kite/0"]
    assert targets.candidates(board, alice, Selector("opponent")) == [1]
    assert targets.candidates(board, alice, Selector("player", every=True, count=Amount(None))) == [0, 1]


def test_filters():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("trait", "Critter"),)))) == ["Angel/0"]
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("power", "<=1"),)))) == [
        "Angel/0", "Breeze Runner/1"]
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("color", ("yellow", "pink")),)))) \
        == ["Angel/0"]
    assert labels(targets.candidates(board, alice, Selector("Friend", controller="you", filters=(("other", True),)))) \
        == ["Comet/0"]
    board.cards[0].exhausted = True
    assert labels(targets.candidates(board, alice, Selector("Friend", controller="you",
                                                            filters=(("status", "exhausted"),)))) == ["Comet/0"]


def test_other_zones_are_named_only_when_the_text_says_so_707_3():
    board = table()
    bob = Context(card=board.cards[4], controller=1)
    assert labels(targets.candidates(board, bob, Selector("Friend", controller="you"))) == ["Breeze Runner/1", "Comet/1"]
    assert labels(targets.candidates(board, bob, Selector("Friend", zone="hand"))) == ["Comet/1"]
    assert labels(targets.candidates(board, bob, Selector("card", zone="discard", controller="you"))) == ["Comet/1"]


def test_face_down_troublemakers_are_named_only_as_face_down_unless_505_2_is_off():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    assert targets.candidates(board, alice, Selector("Troublemaker")) == []
    face_down = Selector("Troublemaker", filters=(("status", "face-down"),))
    assert labels(targets.candidates(board, alice, face_down)) == ["Pest/1"]
    board.off = frozenset({"505.2"})
    assert labels(targets.candidates(board, alice, Selector("Troublemaker"))) == ["Pest/1"]


def test_references_to_earlier_parts_and_to_the_event():
    board = table()
    moved = Happened("moved", (("card", board.cards[3]), ("player", 1), ("to", board.players[0].problem_area)))
    context = Context(card=board.cards[1], controller=0, event=moved)
    assert labels(targets.candidates(board, context, Selector("it"))) == ["Breeze Runner/1"]
    assert targets.candidates(board, context, Selector("player", ref="that")) == [1]
    assert targets.candidates(board, context, Selector("opponent", ref="that-player")) == [0]
    assert labels(targets.candidates(board, context, Selector("Friend", where="there", controller="you"))) == ["Angel/0"]
    context.bind(Selector("Friend"), [board.cards[0]])
    assert labels(targets.candidates(board, context, Selector("that", ref="Friend"))) == ["Comet/0"]


def test_executable_names_unknown_words():
    assert targets.executable(Selector("Friend", where="here", filters=(("power", ">=2"),))) is None
    assert targets.executable(Selector("token")) == "the selector noun 'token'"
    assert targets.executable(Selector("Friend", where="moon")) == "the place 'moon'"
    assert targets.executable(Selector("Friend", filters=(("status", "sleepy"),))) == "the status 'sleepy'"
    assert targets.executable(Selector("Friend", filters=(("on", Selector("token")),))) == "the selector noun 'token'"


def test_conditions():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    at_problem = Condition("at", subject=THIS_CARD, values=values(where="problem"))
    assert conditions.holds(board, alice, at_problem)
    assert not conditions.holds(board, alice, Condition("at", subject=THIS_CARD, values=values(where="home")))
    has_two = Condition("has", subject=Selector("you"), values=values(amount=2, what=Selector("Friend")))
    assert conditions.holds(board, alice, has_two)
    assert not conditions.holds(board, alice, Condition("has", subject=Selector("you"),
                                                        values=values(amount=3, what=Selector("Friend"))))
    assert conditions.holds(board, alice, Condition("none", subject=Selector("Resource")))
    board.turn.phase = "main"
    assert conditions.holds(board, alice, Condition("during", values=values(phase="main")))
    assert conditions.holds(board, alice, Condition("turn", values=values(whose="your")))
    assert not conditions.holds(board, alice, Condition("turn", values=values(whose="your"), negated=True))
    assert conditions.holds(board, alice, Condition("all", all_of=(at_problem, has_two)))
    assert conditions.executable(Condition("first", values=values(action="play"))) == "the first player to 'play'"
    assert conditions.executable(Condition("during", values=values(phase="faceoff", challenging="x"))) is None
    assert conditions.executable(Condition("during", values=values(phase="main", challenging="x"))) \
        == "the faceoff's 'challenging'"
    assert conditions.executable(Condition("during", values=values(phase="faceoff", unheard="x"))) \
        == "the faceoff's 'unheard'"


def test_homes_keywords_players_who_have_and_problems_with_a_card():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    assert targets.candidates(board, alice, Selector("home", controller="you")) == [board.players[0].home]
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("keyword", "Swift"),)))) == [
        "Breeze Runner/1"]
    two_friends_here = Selector("Friend", count=Amount(2), where="this-problem")
    assert targets.candidates(board, alice, Selector("player", filters=(("has", two_friends_here),))) == []
    one_friend_here = Selector("Friend", count=Amount(1), where="this-problem")
    assert targets.candidates(board, alice, Selector("player", filters=(("has", one_friend_here),))) == [0, 1]
    with_angel = Selector("character", where=("problem-with", Selector("self")))
    assert labels(targets.candidates(board, alice, with_angel)) == ["Angel/0", "Breeze Runner/1"]
    scored = Happened("faceoff-won", (("player", 1),))
    assert targets.candidates(board, Context(controller=0, event=scored), Selector("that", ref="player")) == [1]


def test_more_power_than_any_opponent_and_power_of_a_color_in_play():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    more = Condition("power", subject=Selector("you"), values=values(compare=">any-opponent", where="this-problem"))
    assert not conditions.holds(board, alice, more), "Angel 1 against Breeze Runner 1"
    board.cards[1].counters = 1
    assert conditions.holds(board, alice, more)
    blue = Condition("count", subject=Selector("you"),
                     values=values(compare=">=2", what=Selector("icon", controller="you", filters=(("color", "blue"),))))
    assert conditions.holds(board, alice, blue), "Comet has 2 blue power"
    board.cards[0].exhausted = True
    assert conditions.holds(board, alice, blue), "power of a color counts exhausted characters too (507.3)"
    assert conditions.executable(blue) is None and conditions.executable(more) is None


def test_a_selector_with_words_the_engine_does_not_know_names_nothing_rather_than_failing():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    for filters in ((("token", True),), (("status", "sleepy"),), (("power", "lots"),), (("color", "plaid"),)):
        assert targets.candidates(board, alice, Selector("Friend", filters=filters)) == []
    assert targets.compiled(Selector("player", filters=(("has", Selector("Friend")),))).tests == []


def test_names_several_types_attachments_requirements_tokens_and_zones():
    from rulebase.engine.ccg.abilities.reading import read

    board = table()
    alice = Context(card=board.cards[1], controller=0)
    board.cards[0].label = "Comet"
    assert labels(targets.candidates(board, alice, Selector("card", filters=(("name", "Stuck Kite"),)))) == [
        "Stuck Kite/0"]
    assert labels(targets.candidates(board, alice, Selector("card", controller="opponent",
                                                            filters=(("nouns", ("Friend", "Troublemaker")),)))) == [
        "Breeze Runner/1", "Comet/1"]
    gear = board.new_card(GEAR, 0)
    board.put(gear, Zone.PLAY, area=board.cards[0].area)
    gear.host = board.cards[0]
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("with-attached", Selector("Resource")),)))) \
        == ["Comet/0"]
    assert targets.candidates(board, alice, Selector("Friend", filters=(("token", True),))) == []
    in_discard = Condition("at", subject=THIS_CARD, values=values(where="discard"))
    assert not conditions.holds(board, alice, in_discard)
    assert conditions.holds(board, Context(card=board.cards[7], controller=1), in_discard)
    more = read("While you have more Friends than an opponent, this card has +2 power.", card_type="Friend")[0].condition
    assert conditions.executable(more) is None
    assert not conditions.holds(board, alice, more), "two Friends each"
    from rulebase.engine.ccg import zones

    zones.dismiss(board, board.cards[4])
    assert conditions.holds(board, alice, more), "Bob has one Friend left"


def test_any_of_several_conditions():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    home = Condition("at", subject=THIS_CARD, values=values(where="home"))
    problem = Condition("at", subject=THIS_CARD, values=values(where="problem"))
    assert conditions.holds(board, alice, Condition("any", any_of=(home, problem)))
    assert not conditions.holds(board, alice, Condition("any", any_of=(home,)))
    assert conditions.executable(Condition("any", any_of=(home, problem))) is None


def test_a_troublemaker_defeated_using_only_characters_of_a_color_the_ponyville_express():
    from rulebase.engine.ccg.abilities.continuous import fits

    from .driving import real

    express = real("the-ponyville-express")
    generous = Printed.build("Giver", "Friend", colors=["white"], power=2, cost=2)
    board = board_with((express, 0, Zone.PLAY, "home", 0), (generous, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "problem", 0), (PEST, 1, Zone.DISCARD, None, 1))
    resource, giver, comet, pest = board.cards
    trigger = resource.info.abilities[1].trigger
    alone = Happened("defeated", (("card", pest), ("player", 0), ("involving", frozenset({pest.id, giver.id}))))
    both = Happened("defeated", (("card", pest), ("player", 0),
                                 ("involving", frozenset({pest.id, giver.id, comet.id}))))
    assert fits(board, resource, trigger.subject, pest, alone)
    assert not fits(board, resource, trigger.subject, pest, both), "a blue Comet was used as well"
    assert not fits(board, resource, trigger.subject, pest, None), "no faceoff: nothing was used"
    assert targets.executable(Selector("Friend", filters=(("using-only", ("white", "character")),))) == \
        "the filter 'using-only' of a 'Friend'"


def test_during_a_faceoff_involving_this_card_the_random_keyword():
    from rulebase.engine.ccg.abilities.model import THIS_CARD as SELF

    board = table()
    during = Condition("during", values=values(phase="faceoff", involving=SELF))
    context = Context(card=board.cards[1], controller=0)
    assert conditions.executable(during) is None
    assert not conditions.holds(board, context, during), "no faceoff under way"

    class Faceoff:
        kind_group = "problem"
        areas = ()

        def involves(self, board, card):
            return card is board.cards[1]

    board.faceoff = Faceoff()
    assert conditions.holds(board, context, during)
    assert not conditions.holds(board, Context(card=board.cards[0], controller=0), during)


def test_a_card_from_a_discard_pile_is_anyones_silver_spanner_and_the_top_of_an_opponents_deck():
    from .driving import real

    spanner = real("silver-spanner-dumpster-diver")
    board = table()
    effect = next(a for a in spanner.abilities if a.effect is not None).effect
    context = Context(card=board.cards[0], controller=0)
    assert labels(targets.candidates(board, context, effect.target)) == ["Comet/1"], "Bob's discard pile"
    assert targets.executable(Selector("card", every=True, zone="any-discard")) == "all the cards of one discard pile"
    board.put(board.cards[6], Zone.DRAW_DECK)
    top = Selector("card", count=Amount(1), zone="opponent-deck", filters=(("top", True),))
    assert labels(targets.candidates(board, context, top)) == ["Comet/1"]
    assert targets.candidates(board, Context(card=board.cards[0], controller=1), top) == []


def test_an_opponents_friend_with_equal_or_greater_power_than_the_one_chosen_magic_duel():
    from .driving import real

    duel = real("magic-duel")
    board = table()
    effect = next(a for a in duel.abilities if a.effect is not None).effect
    mine, theirs = effect.value("involving")
    context = Context(card=board.cards[0], controller=0)
    context.named["it"] = [board.cards[0]]
    assert labels(targets.candidates(board, context, theirs)) == ["Comet/1"], "Breeze Runner has power 1, less than 2"
    assert targets.executable(theirs) is None
    assert targets.executable(Selector("Friend", filters=(("power", "~that"),))) is not None


def test_a_faceoff_involving_this_card_and_at_least_two_other_critters_hummingway():
    from .driving import real

    hummingway = real("hummingway-fine-feathered-friend")
    board = table()
    mine = [board.new_card(CRITTER, 0) for _ in range(2)]
    for card in mine:
        board.put(card, Zone.PLAY, area=board.players[0].problem_area)
    condition = next(a.condition for a in hummingway.abilities if a.condition is not None)
    assert conditions.executable(condition) is None
    source = board.cards[1]
    involved = {source.id, mine[0].id}

    class Faceoff:
        kind_group = "troublemaker"
        areas = ()

        def involves(self, board, card):
            return card.id in involved

    board.faceoff = Faceoff()
    context = Context(card=source, controller=0)
    assert not conditions.holds(board, context, condition), "one other Critter involved, not two"
    involved.add(mine[1].id)
    assert conditions.holds(board, context, condition)


def test_action_tokens_are_counted_for_each_player_fruit_bat_roundup_and_dinner_with_discord_502_1():
    from .driving import drive, real

    roundup = real("fruit-bat-roundup").abilities[0].effect
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), *[(COMET, p, Zone.HAND, None, p) for p in (0, 0, 0, 1, 1)])
    board.players[0].tokens, board.players[1].tokens = 2, 0
    assert len(targets.candidates(board, Context(controller=0), roundup.target.count.per)) == 2
    drive(board, roundup, Context(card=board.cards[0], controller=0))
    assert len(board.players[0].hand) == 1 and len(board.players[1].hand) == 2, "2 discarded for 2 tokens, none for 0"
    dinner = real("dinner-with-discord").abilities[0].effect
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.DRAW_DECK, None, 0),
                       (COMET, 1, Zone.DRAW_DECK, None, 1))
    board.players[0].tokens, board.players[1].tokens = 0, 1
    drive(board, dinner, Context(card=board.cards[0], controller=0))
    assert board.cards[1].zone == Zone.DRAW_DECK and board.cards[2].zone == Zone.HAND, "only Bob has a token"
    theirs = Selector("action-token", controller="opponent", every=True, count=Amount(None))
    assert targets.executable(theirs) is None, "the action tokens your opponent has (Call to Action)"
    assert len(targets.candidates(board, Context(controller=0), theirs)) == 1
    assert len(targets.candidates(board, Context(controller=1), theirs)) == 0
    assert targets.executable(Selector("action-token", controller="opponent", where="here")) is not None


def test_cards_done_this_way_are_those_an_earlier_instruction_was_done_to_feather_bangs():
    from rulebase.engine.ccg.abilities import resolve
    from rulebase.engine.ccg.actions import Action

    from .driving import drive, real

    feather = real("feather-bangs-looking-suave")
    effect = next(ability.effect for ability in feather.abilities if ability.effect is not None)
    board = board_with((feather, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0), (KITE, 0, Zone.HAND, None, 0),
                       *[(COMET, 0, Zone.DRAW_DECK, None, 0)] * 3)
    comet, kite = board.cards[1], board.cards[2]
    drive(board, effect, Context(card=board.cards[0], controller=0),
          answers=[Action("accept", 0), Action("choose", 0, card=kite.id), Action("decline", 0)])
    assert kite.zone == Zone.DISCARD and comet.zone == Zone.HAND
    assert len(board.players[0].hand) == 2 and len(board.players[0].deck) == 2, "one card drawn for the one discarded"
    from rulebase.engine.ccg.abilities.model import Effect

    banished = Selector("Event", every=True, filters=(("this-way", "banished"),))
    assert "no earlier instruction" in resolve.executable(Effect("to-hand", target=banished)), \
        "banished by another ability (Spike, Number One Assistant's cost)"
    assert resolve.executable(Effect("banish", target=Selector("Event", zone="discard"),
                                     then=Effect("to-hand", target=banished))) is None


def test_a_faceoffs_area_is_named_in_the_refusal_of_here():
    """A faceoff's area stands where a card is expected (a condition "during
    faceoffs here"); the 501.4 refusal names it in words, the same in every
    run, never by the object's address."""
    board = table()
    source = board.cards[1]                       # Angel, at Alice's Problem
    place = conditions._Place(board.players[1].home)
    assert not targets.at_place(board, Context(card=source, controller=0), place, "here")
    reasons = [str(step) for step in board.trace if step.rule == "501.4"]
    assert reasons and reasons[-1].endswith("the faceoff's area is not at Alice's problem, the area of Angel: "
                                            "not \"here\" for its text")
    assert not any(" at 0x" in reason for reason in reasons)


def test_the_cards_beneath_a_card_are_in_the_banished_zone_beneath_it():
    from rulebase.engine.ccg.abilities import verbs

    board = table()
    host, other = board.cards[0], board.cards[1]
    beneath_host = board.cards[6]
    board.put(beneath_host, Zone.BANISHED)
    verbs.banished_beneath(board, beneath_host, host)
    loose = board.cards[7]
    board.put(loose, Zone.BANISHED)
    mine = Context(card=host, controller=0)
    assert targets.candidates(board, mine, Selector("card", filters=(("beneath", Selector("self")),))) == [beneath_host]
    assert targets.candidates(board, mine, Selector("card", filters=(("beneath", Selector("it")),))) == [beneath_host]
    assert targets.candidates(board, Context(card=other, controller=0),
                              Selector("card", filters=(("beneath", Selector("self")),))) == []
    assert targets.executable(Selector("card", filters=(("beneath", Selector("self")),))) is None
    assert targets.executable(Selector("Friend", filters=(("beneath", Selector("self")),))) is not None


def test_that_character_after_an_instruction_on_this_card_is_the_events_card():
    from rulebase.engine.ccg.abilities.events import Happened

    board = table()
    this, runner = board.cards[0], board.cards[3]
    context = Context(card=this, controller=0, event=Happened("moved", (("card", runner),)))
    assert targets.named_cards(context, "character") == [runner]
    context.bind(Selector("self"), [this])
    assert targets.named_cards(context, "character") == [runner], "not this card, which 'exhaust this card' named"
    assert targets.named_cards(context, None) == [this]
    context.bind(Selector("Friend"), [board.cards[1]])
    assert targets.named_cards(context, "character") == [board.cards[1]], "a card named after the event's"


def test_a_number_of_power_counts_the_power_of_the_cards_it_is_of():
    board = table()
    alice = Context(card=board.cards[0], controller=0)
    of_friends = Selector("power", filters=(("of", Selector("Friend", controller="you", every=True)),))
    assert len(targets.candidates(board, alice, of_friends)) == 3, "Comet 2 and Angel 1"
    assert targets.executable(of_friends) is None
    assert targets.executable(Selector("power")) is not None


def test_that_friend_after_a_resource_played_on_it_is_the_friend_it_is_on():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    friend, gear, other = board.cards
    gear.host = friend
    context = Context(card=other, controller=0, event=Happened("played", (("card", gear),)))
    assert targets.named_cards(context, "Friend") == [friend]
    assert targets.named_cards(context, "Resource") == [gear]


def test_the_remaining_cards_are_those_revealed_that_no_later_instruction_took():
    board = table()
    cards = board.cards
    revealed, kept = [cards[0], cards[4], cards[6]], [cards[4]]
    rest = Selector("card", every=True, filters=(("remaining", "revealed"),))
    assert targets.executable(rest) is None
    assert targets.executable(Selector("card", filters=(("remaining", "juggled"),))) == "the filter 'remaining' of 'juggled'"
    context = Context(card=cards[1], controller=0, named={"this-way:reveal": revealed})
    assert targets.candidates(board, context, rest) == revealed
    context.named["this-way:to-hand"] = kept
    assert targets.candidates(board, context, rest) == [cards[0], cards[6]]
    friends = Selector("Friend", every=True, filters=(("remaining", "revealed"),))
    assert targets.candidates(board, Context(card=cards[1], controller=0, named={"this-way:reveal": [cards[2], cards[0]]}),
                              friends) == [cards[0]]


SPELL = Printed.build("Spell", "Event", cost=1, timing="Main Phase")


def test_other_and_that_player_in_an_event_s_text_refer_to_the_card_an_earlier_instruction_named():
    board = board_with((SPELL, 0, Zone.HAND, None, 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 1, Zone.PLAY, "home", 1), (COMET, 1, Zone.PLAY, "home", 1))
    spell, mine, chosen, other = board.cards
    context = Context(card=spell, controller=0)
    context.bind(Selector("Friend"), [chosen])
    each_other = Selector("Friend", every=True, filters=(("other", True),))
    assert targets.candidates(board, context, each_other) == [mine, other]
    assert targets.players(board, context, Selector("that", ref="player")) == [1]
    assert targets.players(board, Context(card=spell, controller=0), Selector("that", ref="player")) == []


def test_players_referred_to_are_known_or_not_executable():
    assert targets.executable(Selector("player", ref="winner")) is None
    assert targets.executable(Selector("player", ref="loser")) is None
    assert targets.executable(Selector("player", ref="challengers")) == "the players 'challengers'"
    board = table()
    comet = board.cards[4]
    context = Context(card=board.cards[0], controller=0, named={"it": [comet]})
    assert targets.candidates(board, context, Selector("player", ref="controller")) == [1]
    assert targets.candidates(board, context, Selector("player", ref="loser")) == []
    context.winner = 0
    assert targets.candidates(board, context, Selector("player", ref="loser")) == [1]


def test_that_opponent_is_the_event_s_player_and_that_player_s_opponent_the_other():
    board = table()
    context = Context(card=board.cards[3], controller=1, event=Happened("confronts", (("player", 0),)))
    assert targets.players(board, context, Selector("opponent", ref="that")) == [0]
    assert targets.players(board, context, Selector("opponent", ref="that-player")) == [1]


def test_here_of_an_ability_answering_its_own_card_leaving_play_is_where_it_was():
    board = table()
    gone, there = board.cards[1], board.cards[3]
    area = gone.area
    board.put(gone, Zone.DISCARD)
    left = Context(card=gone, controller=0, event=Happened("dismissed", (("card", gone), ("area", area))))
    assert targets.at_place(board, left, there, "here") and targets.at_place(board, left, there, "its-problem")
    assert not targets.at_place(board, left, board.cards[0], "here")
    assert not targets.at_place(board, Context(card=gone, controller=0), there, "here")


def test_a_card_that_left_play_is_judged_where_it_was_by_the_ability_answering_its_leaving():
    board = table()
    gone, watcher = board.cards[3], board.cards[1]
    area = gone.area
    board.put(gone, Zone.DISCARD)
    seen = Context(card=watcher, controller=0, event=Happened("dismissed", (("card", gone), ("area", area))))
    assert targets.at_place(board, seen, gone, "here") and targets.at_place(board, seen, gone, "problem")
    assert not targets.at_place(board, seen, gone, "home")
    assert not targets.at_place(board, Context(card=watcher, controller=0), gone, "here")


def test_a_number_equal_to_a_cards_cost_counts_its_printed_cost():
    of_it = Selector("cost", filters=(("of", Selector("that", ref="Friend")),))
    assert targets.executable(of_it) is None
    assert targets.executable(Selector("cost")) == "cost named by more than the cards it is of"
    board = table()
    comet = board.cards[0]
    context = Context(card=board.cards[1], controller=0, named={"Friend": [comet]})
    assert len(targets.candidates(board, context, of_it)) == COMET.cost == 2
    assert targets.candidates(board, Context(card=board.cards[1], controller=0), of_it) == []


def test_an_accessory_is_a_resource_with_the_trait_accessory():
    hat = Printed.build("Hat", "Resource", colors=["blue"], cost=1, traits=["Accessory"])
    board = board_with((hat, 0, Zone.DISCARD, None, 0), (GEAR, 0, Zone.DISCARD, None, 0), (COMET, 0, Zone.DISCARD, None, 0))
    accessory = Selector("Accessory", controller="you", zone="discard")
    assert targets.executable(accessory) is None
    assert labels(targets.candidates(board, Context(card=board.cards[2], controller=0), accessory)) == ["Hat/0"]


def test_cards_without_an_attached_accessory_have_none_on_them():
    hat = Printed.build("Hat", "Resource", colors=["blue"], cost=1, traits=["Accessory"])
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0), (hat, 0, Zone.PLAY, "home", 0),
                       (GEAR, 0, Zone.PLAY, "home", 0))
    worn, bare, on, gear = board.cards
    on.host, gear.host = worn, bare
    without = Selector("Friend", every=True, filters=(("without-attached", Selector("Accessory")),))
    assert targets.executable(without) is None
    assert targets.candidates(board, Context(card=worn, controller=0), without) == [bare]


def test_a_power_compared_with_a_number_counted_now():
    from rulebase.engine.ccg.abilities.model import Amount as Count

    that_power = Selector("power", filters=(("of", Selector("that", ref="Friend")),))
    weaker = Selector("character", controller="opponent", filters=(("power-vs", ("<", Count(1, per=that_power))),))
    assert targets.executable(weaker) is None
    assert targets.executable(Selector("character", filters=(("power-vs", ("<", 2)),))) is not None
    board = table()
    context = Context(card=board.cards[0], controller=0, named={"Friend": [board.cards[4]]})  # Bob's Comet, power 2
    assert labels(targets.candidates(board, context, weaker)) == ["Breeze Runner/1"]


def test_their_names_the_player_the_event_names_where_the_text_names_no_player_carrying_it_out():
    board = table()
    phase = Happened("phase-starts", (("player", 1), ("phase", "troublemaker")))
    alone = Context(card=board.cards[1], controller=0, event=phase).as_player(0)
    alone.names_no_player = True
    theirs = Selector("character", where="here", controller="their")
    assert labels(targets.candidates(board, alone, theirs)) == ["Breeze Runner/1"]
    named = Context(card=board.cards[1], controller=0, event=phase).as_player(0)
    assert labels(targets.candidates(board, named, theirs)) == ["Angel/0"]
    quiet = Context(card=board.cards[1], controller=0).as_player(0)
    quiet.names_no_player = True
    assert labels(targets.candidates(board, quiet, theirs)) == ["Angel/0"]


def test_a_move_naming_no_destination_offers_the_cards_controllers_home_and_the_other_problems_506_2():
    from rulebase.engine.ccg.abilities import resolve
    from rulebase.engine.ccg.abilities.model import Effect

    board = table()
    runner = board.cards[3]
    context = Context(board=board, card=board.cards[1], controller=1, player=1)
    move = Effect("move", target=Selector("character", controller="opponent", where="here"))
    assert resolve._areas(board, context, move, runner) == [board.players[1].home]


def test_that_troublemaker_done_instead_after_a_choice_is_the_one_the_replaced_instruction_would_choose():
    from rulebase.engine.ccg.abilities import reading

    ability, = reading.read("Main Phase: Dismiss an opposing Troublemaker. You may discard a card. If you do, gain "
                            "control of that Troublemaker instead.", card_type="Event")
    asked = ability.effect
    assert (asked.verb, asked.optional) == ("discard", True)
    instead = asked.then
    assert instead.verb == "take-control" and instead.condition.kind == "did"
    assert instead.otherwise.verb == "dismiss" and instead.target == instead.otherwise.target
    assert (instead.target.noun, instead.target.controller) == ("Troublemaker", "opponent")


def test_colors_card_types_and_traits_among_cards_are_counted_each_once():
    two_tone = Printed.build("Two-Tone", "Friend", colors=["blue", "purple"], power=3, cost=3,
                             traits=["Pegasus", "Unique"])
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (two_tone, 1, Zone.PLAY, "home", 1),
                       (CRITTER, 1, Zone.PLAY, "home", 1), (COMET, 0, Zone.DISCARD, None, 0),
                       (GEAR, 0, Zone.DISCARD, None, 0), (CRITTER, 1, Zone.DISCARD, None, 1))
    alice = Context(card=board.cards[0], controller=0)
    theirs = Selector("character", every=True, count=Amount(None), controller="opponent")
    colors = Selector("color", filters=(("among", theirs),))
    assert targets.candidates(board, alice, colors) == [("color", "blue"), ("color", "purple"), ("color", "yellow")]
    traits = Selector("trait", filters=(("among", theirs),))
    assert [value for _, value in targets.candidates(board, alice, traits)] == ["pegasus", "unique", "critter"]
    discard = Selector("card", every=True, count=Amount(None), zone="discard")
    types = targets.candidates(board, alice, Selector("card-type", filters=(("among", discard),)))
    assert [str(value) for _, value in types] == ["Friend", "Resource"], "Alice's discard pile only"
    piles = Selector("Friend", every=True, count=Amount(None), zone="any-discard")
    assert len(targets.candidates(board, alice, Selector("color", filters=(("among", piles),)))) == 2
    board.cards[1].face_down = True
    assert targets.candidates(board, alice, colors) == [("color", "yellow")], "a face-down card has no color"
    that = Selector("color", filters=(("of", Selector("that", ref="Friend")),))
    alice.named["Friend"] = [board.cards[1]]
    board.cards[1].face_down = False
    assert len(targets.candidates(board, alice, that)) == 2, "the number of colors that Friend has"
    for selector in (colors, traits, that, Selector("color", filters=(("among", piles),))):
        assert targets.executable(selector) is None
    assert targets.executable(Selector("color")) == "the color named by more than the cards it is among"
    assert targets.executable(Selector("trait", filters=(("of", theirs),))) is not None
    assert targets.executable(Selector("color", filters=(("among", Selector("player")),))) is not None


def test_cards_in_an_opponents_hand_and_discard_pile():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0), (KITE, 1, Zone.HAND, None, 1),
                       (PEST, 1, Zone.HAND, None, 1), (RUNNER, 1, Zone.DISCARD, None, 1))
    alice = Context(card=board.cards[0], controller=0)
    assert labels(targets.candidates(board, alice, Selector("card", zone="opponent-hand"))) == [
        "Stuck Kite/1", "Pest/1"]
    assert labels(targets.candidates(board, alice, Selector("Friend", zone="opponent-discard"))) == ["Breeze Runner/1"]
    assert labels(targets.candidates(board, Context(card=board.cards[0], controller=1),
                                     Selector("card", zone="opponent-hand"))) == ["Comet/0"]
    assert targets.executable(Selector("card", zone="opponent-hand")) is None


def test_that_problem_of_a_continuous_ability_is_the_one_its_card_or_host_is_at_ridiculous_outfit():
    """"While this Friend is at a Problem, your opponent's characters at that
    Problem ...": with no event and nothing named, "that Problem" is the one
    the card (an attachment: its host) is at."""
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (GEAR, 0, Zone.PLAY, "problem", 1),
                       (RUNNER, 1, Zone.PLAY, "problem", 1), (KITE, 1, Zone.PLAY, "problem", 0))
    friend, gear, runner, _ = board.cards
    gear.host = friend
    there = Selector("character", controller="opponent", every=True, count=Amount(None), where="that-problem")
    assert targets.candidates(board, Context(card=gear, controller=0), there) == [runner]
    friend.area = gear.area = board.players[0].home
    assert targets.candidates(board, Context(card=gear, controller=0), there) == []


def test_non_trait_counter_attachment_and_cost_compared_with_a_count():
    epic = Printed.build("Epic Pest", "Troublemaker", power=3, points=2, traits=["Epic"])
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "home", 1),
                       (epic, 1, Zone.PLAY, "home", 1), (GEAR, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0),
                       (COMET, 1, Zone.DISCARD, None, 1), (GEAR, 1, Zone.DISCARD, None, 1))
    comet, runner, pest, epic_pest, worn, loose = board.cards[:6]
    worn.host = comet
    alice = Context(card=comet, controller=0)
    assert labels(targets.candidates(board, alice, Selector("Troublemaker", filters=(("not-trait", "Epic"),)))) == [
        "Pest/1"]
    assert labels(targets.candidates(board, alice, Selector("card", zone="any-discard",
                                                            filters=(("not-trait", "Friend"),)))) == ["Spare Gear/1"]
    runner.counters = 1
    assert labels(targets.candidates(board, alice, Selector("Friend", filters=(("counter", "+1"),)))) == [
        "Breeze Runner/0"]
    assert labels(targets.candidates(board, alice, Selector("Resource", filters=(("attachment", False),)))) == [
        "Spare Gear/0"]
    assert targets.candidates(board, alice, Selector("Resource", filters=(("attachment", True),))) == [worn]
    per_friend = Amount(1, per=Selector("Friend", every=True, count=Amount(None), controller="you"))
    cheap = Selector("Friend", filters=(("cost-vs", ("<=", per_friend)),))
    assert labels(targets.candidates(board, alice, cheap)) == ["Comet/0", "Breeze Runner/0"], "costs 2 and 1 <= 2"
    board.put(runner, Zone.DISCARD)
    assert targets.candidates(board, alice, cheap) == [], "one Friend now: only a cost of 1 or less, and Comet's is 2"
    for selector in (cheap, Selector("Friend", filters=(("counter", "+1"),)),
                     Selector("Resource", filters=(("attachment", False),))):
        assert targets.executable(selector) is None
    assert targets.executable(Selector("Friend", filters=(("cost-vs", ("<=", Amount(2))),))) \
        .startswith("the filter 'cost-vs'")
    assert targets.executable(Selector("Friend", filters=(("not-trait", ("Epic",)),))) is not None


def test_the_player_with_the_most_or_the_fewest_ice_cloud_calamity_and_matilda():
    pegasus = Printed.build("Pegs", "Friend", colors=["blue"], power=2, cost=2, traits=["Pegasus"])
    board = board_with((pegasus, 0, Zone.PLAY, "problem", 0), (pegasus, 1, Zone.PLAY, "problem", 0),
                       (pegasus, 1, Zone.PLAY, "problem", 0), (pegasus, 0, Zone.PLAY, "home", 0),
                       (pegasus, 0, Zone.PLAY, "home", 0))
    alice = Context(card=board.cards[0], controller=0)
    here = Selector("character", every=True, count=Amount(None), where="here", filters=(("trait", "Pegasus"),))
    most = Selector("player", filters=(("most", here),))
    assert targets.candidates(board, alice, most) == [1], "two there against one; Alice's at home don't count"
    board.put(board.cards[3], Zone.PLAY, area=board.players[0].problem_area)
    assert targets.candidates(board, alice, most) == [], "two each: no one has the most"
    fewest = Selector("player", filters=(("fewest", "points"),))
    board.players[0].score, board.players[1].score = 2, 1
    assert targets.candidates(board, alice, fewest) == [1]
    board.players[1].score = 2
    assert targets.candidates(board, alice, fewest) == []
    assert targets.executable(most) is None and targets.executable(fewest) is None
    assert targets.executable(Selector("Friend", filters=(("most", here),))) is not None
    assert targets.executable(Selector("player", filters=(("fewest", "cards"),))) is not None


def test_that_opponent_of_an_activated_ability_owns_the_card_named_before_fake_crystal_heart():
    board = board_with((GEAR, 0, Zone.PLAY, "home", 0), (GEAR, 1, Zone.PLAY, "home", 1), names=("Alice", "Bob", "Carol"))
    mine, theirs = board.cards
    context = Context(card=mine, controller=0)
    that_opponent = Selector("opponent", ref="that")
    assert targets.candidates(board, context, that_opponent) == []
    context.named["it"] = [theirs]
    assert targets.candidates(board, context, that_opponent) == [1]


def test_the_first_card_of_a_description_played_this_turn_limestone_pie():
    from rulebase.engine.ccg.abilities import events

    big = Printed.build("Brick", "Friend", colors=["orange"], power=4, cost=4)
    board = board_with((big, 0, Zone.HAND, None, 0), (big, 0, Zone.HAND, None, 0), (COMET, 0, Zone.HAND, None, 0),
                       (big, 1, Zone.HAND, None, 1))
    first, second, comet, bobs = board.cards
    strong = Selector("Friend", controller="you", filters=(("first", "turn"), ("printed-power", ">=4")))
    context = Context(card=None, controller=0)
    test = targets.compiled(strong).tests[0]
    assert test(board, context, first) and test(board, context, second)
    events.emit(board, "played", card=comet, player=0)
    assert test(board, context, first), "a Friend of power 2 played before is not one of them"
    events.emit(board, "played", card=bobs, player=1)
    assert test(board, context, first), "another player's"
    events.emit(board, "played", card=first, player=0)
    assert test(board, context, first), "the card played itself is the first"
    assert not test(board, context, second)
    board.turn.number += 1
    assert test(board, context, second), "each turn"
    assert targets.executable(strong) is None
    assert targets.executable(Selector("Friend", filters=(("first", "game"),))) == "the filter 'first' of 'game'"


def test_their_opponents_cards_are_read_for_the_player_their_names_secret_mission():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (RUNNER, 1, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    theirs = Selector("Friend", every=True, count=Amount(None), controller="their-opponent", where="here")
    for player, expected in ((0, ["Breeze Runner/1"]), (1, ["Comet/0"])):
        seen = targets.Perspective(Context(card=board.cards[2], controller=0), player)
        assert labels(targets.candidates(board, seen, theirs)) == expected
    assert targets.executable(theirs) is None


def test_other_characters_of_an_attachment_are_other_than_the_character_it_is_on_dangerous_mission_outfit():
    """"Your other characters there" of a Resource on a character: other than
    that character, the Resource being no character."""
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (GEAR, 0, Zone.PLAY, "problem", 1),
                       (RUNNER, 0, Zone.PLAY, "problem", 1))
    friend, gear, runner = board.cards
    gear.host = friend
    others = Selector("character", controller="you", every=True, count=Amount(None), filters=(("other", True),))
    assert targets.candidates(board, Context(card=gear, controller=0), others) == [runner]
    assert targets.candidates(board, Context(card=runner, controller=0), others) == [friend]


def _loses_here() -> Printed:
    from rulebase.engine.ccg.abilities.model import Ability, Modifier

    return Printed.build("Hush", "Troublemaker", power=2, points=1, abilities=(Ability(
        "continuous", "Friends here lose and can't have abilities.", modifier=Modifier(
            "loses", Selector("Friend", every=True, where="here"), values=values(what="abilities"))),))


def test_a_friend_that_lost_its_abilities_is_not_one_with_its_printed_keyword_702_1():
    board = table()
    alice = Context(card=board.cards[1], controller=0)
    swift = Selector("Friend", filters=(("keyword", "Swift"),))
    assert labels(targets.candidates(board, alice, swift)) == ["Breeze Runner/1"]
    hush = board.new_card(_loses_here(), 0)
    board.put(hush, Zone.PLAY, area=board.players[0].problem_area)
    assert targets.candidates(board, alice, swift) == []  # Breeze Runner is at Hush's Problem
    board.put(board.cards[3], Zone.PLAY, area=board.players[1].home)
    assert labels(targets.candidates(board, alice, swift)) == ["Breeze Runner/1"]


SKY = Printed.build("Sky", "Friend", colors=["blue"], power=3, cost=3)


def test_the_highest_and_the_least_power_among_cards_ties_included():
    board = table()  # Comet 2 and Angel 1 (Alice), Breeze Runner 1 and Comet 2 (Bob)
    alice = Context(card=board.cards[1], controller=0)
    least = Selector("Friend", filters=(("power-extreme", ("least", None)),))
    assert labels(targets.candidates(board, alice, least)) == ["Angel/0", "Breeze Runner/1"]
    highest = Selector("Friend", filters=(("power-extreme", ("highest", None)),))
    assert labels(targets.candidates(board, alice, highest)) == ["Comet/0", "Comet/1"]
    opposing = Selector("Friend", every=True, controller="opponent")
    among = Selector("Friend", filters=(("power-extreme", ("highest", opposing)),))
    assert labels(targets.candidates(board, alice, among)) == ["Comet/1"]  # one of those compared, the highest
    here = Selector("Friend", where="here", filters=(("power-extreme", ("highest", opposing)),))
    assert targets.candidates(board, alice, here) == []  # Bob's Comet is at his home, not here
    board.put(board.new_card(SKY, 1), Zone.PLAY, area=board.players[1].home)
    assert labels(targets.candidates(board, alice, highest)) == ["Sky/1"]
    board.cards[1].counters = 3  # Angel: 1 + 3
    assert labels(targets.candidates(board, alice, highest)) == ["Angel/0"]


def test_a_player_with_a_character_with_the_highest_power_compares_it_with_every_character():
    board = table()
    highest = Selector("character", filters=(("power-extreme", ("highest", None)),))
    alice = Context(card=board.cards[1], controller=0)
    has = Condition("has", subject=Selector("you"), values=values(amount=1, what=highest))
    assert conditions.holds(board, alice, has)  # Alice's Comet shares the highest power, 2
    board.put(board.new_card(SKY, 1), Zone.PLAY, area=board.players[1].home)
    assert not conditions.holds(board, alice, has)  # Bob's Sky, 3, is higher than each of Alice's
    assert conditions.holds(board, Context(card=board.cards[4], controller=1), has)


def test_which_highest_powers_are_executable():
    assert targets.executable(Selector("Friend", filters=(("power-extreme", ("least", Selector("Friend"))),))) is None
    assert targets.executable(Selector("Friend", filters=(("power-extreme", ("most-ish", None)),))) == (
        "the filter 'power-extreme' of ('most-ish', None)")
    assert targets.executable(Selector("Friend", filters=(("power-extreme", ("least", Selector("player"))),))) == (
        "the highest power among 'player'")
    assert targets.executable(Selector("Friend", filters=(("power-extreme", ("least", Selector("Friend", zone="x"))),))
                              ) == "the zone 'x'"


def test_a_problem_with_as_many_cards_as_its_count_silverstream():
    board = table()  # at Alice's Problem: Angel, Stuck Kite, Breeze Runner and a face-down Pest
    angel = Context(card=board.cards[1], controller=0)
    two_others = Selector("character", count=Amount(2), filters=(("other", True),))
    assert not targets.at_place(board, angel, board.cards[1], ("problem-with", two_others))  # Runner only
    one_other = Selector("character", count=Amount(1), filters=(("other", True),))
    assert targets.at_place(board, angel, board.cards[1], ("problem-with", one_other))
    board.put(board.new_card(SKY, 1), Zone.PLAY, area=board.players[0].problem_area)
    assert targets.at_place(board, angel, board.cards[1], ("problem-with", two_others))
    assert not targets.at_place(board, angel, board.cards[0], ("problem-with", two_others))  # Comet: at home


def test_the_last_card_in_a_hand_is_the_only_one_there_or_the_one_just_played_from_it():
    board = table()  # Bob's hand: Comet
    bob = Context(card=board.cards[4], controller=1)
    last = Selector("card", controller="you", zone="hand", filters=(("last", True),))
    assert labels(targets.candidates(board, bob, last)) == ["Comet/1"]
    board.put(board.new_card(SKY, 1), Zone.HAND)
    assert targets.candidates(board, bob, last) == []
    comet, sky = board.zone_list(Zone.HAND, 1)
    board.put(comet, Zone.PLAY, area=board.players[1].home)
    assert labels(targets.candidates(board, bob, last)) == ["Sky/1"]
    played = Happened("played", (("card", comet), ("player", 1)))
    assert not targets.is_last(board, Context(card=board.cards[4], controller=1, event=played), comet, Zone.HAND)
    board.put(sky, Zone.PLAY, area=board.players[1].home)
    played = Happened("played", (("card", sky), ("player", 1)))
    assert targets.is_last(board, Context(card=board.cards[4], controller=1, event=played), sky, Zone.HAND)
    assert not targets.is_last(board, Context(card=board.cards[4], controller=1, event=played), comet, Zone.HAND)
    assert not targets.is_last(board, bob, sky, Zone.HAND)  # no event: a card in play is in no hand
    assert targets.executable(last) is None
    assert targets.executable(Selector("card", filters=(("last", True),))) == "the filter 'last' of the cards in 'play'"


def test_that_friends_problem_of_an_attachment_is_the_problem_of_the_card_it_is_on_509_4():
    board = table()  # Alice's Angel and Stuck Kite at her Problem, her Comet at home
    suit = board.new_card(GEAR, 0)
    board.put(suit, Zone.PLAY, area=board.players[0].problem_area)
    suit.host = board.cards[1]  # on Angel
    solved = Happened("solved", (("card", board.cards[2]),))
    worn = Context(card=suit, controller=0, event=solved)
    that_problem = Selector("Problem", where="that-card-problem")
    assert labels(targets.candidates(board, worn, that_problem)) == ["Stuck Kite/0"]
    suit.host = board.cards[0]  # on Comet, at Alice's home: no Problem
    assert targets.candidates(board, worn, that_problem) == []
    chosen = Context(card=board.cards[4], controller=1, named={"it": [board.cards[3]]})  # Breeze Runner chosen
    assert labels(targets.candidates(board, chosen, that_problem)) == ["Stuck Kite/0"]
    assert targets.executable(that_problem) is None


def test_other_locations_are_the_areas_other_than_this_cards():
    board = table()  # Angel at Alice's Problem; Comet at Alice's home, Bob's Comet at his home, Runner at Alice's Problem
    angel = Context(card=board.cards[1], controller=0)
    elsewhere = Selector("Friend", where="other-area")
    assert labels(targets.candidates(board, angel, elsewhere)) == ["Comet/0", "Comet/1"]
    board.put(board.cards[1], Zone.HAND)
    assert targets.candidates(board, angel, elsewhere) == []  # this card is in no area
    assert targets.place_executable("other-area") is None


def test_that_player_after_a_player_was_chosen_is_the_one_chosen():
    board = table()
    scored = Happened("faceoff-won", (("player", 0),))
    chose_bob = Context(card=board.cards[1], controller=0, event=scored, named={targets.CHOSEN_PLAYER: [1]})
    assert targets.candidates(board, chose_bob, Selector("that", ref="player")) == [1]
    assert targets.candidates(board, chose_bob, Selector("opponent", ref="player")) == [0]
    nobody = Context(card=board.cards[1], controller=0, event=scored)
    assert targets.candidates(board, nobody, Selector("that", ref="player")) == [0]  # the event's player


def test_a_count_about_the_card_an_instruction_chose_reads_its_and_other_as_that_card():
    board = table()  # Alice: Comet at home, Angel at her Problem; Bob: Runner at Alice's Problem, Comet at home
    event = Context(card=board.cards[4], controller=0)
    others_there = Selector("Friend", controller="you", where="its-problem", filters=(("other", True),))
    board.put(board.new_card(SKY, 0), Zone.PLAY, area=board.players[0].problem_area)
    angel, sky = board.cards[1], board.cards[-1]
    assert labels(targets.candidates(board, targets.About(event, angel), others_there)) == ["Sky/0"]
    assert labels(targets.candidates(board, targets.About(event, sky), others_there)) == ["Angel/0"]
    assert targets.candidates(board, targets.About(event, board.cards[0]), others_there) == []  # Comet: at home
    its_power = Selector("power", filters=(("of", Selector("that", ref="Friend")),))
    assert len(targets.candidates(board, targets.About(event, sky, "Friend"), its_power)) == 3


def test_a_card_at_each_problem_is_one_at_a_problem():
    board = table()
    angel = Context(card=board.cards[1], controller=0)
    at_each = Selector("Friend", controller="opponent", where="each-problem")
    assert labels(targets.candidates(board, angel, at_each)) == ["Breeze Runner/1"]  # Bob's Comet is at home
    assert targets.executable(at_each) is None


def test_one_of_each_type_is_a_choice_of_several_types_of_one_card_each():
    four = Selector("card", zone="discard", filters=(("nouns", ("Friend", "Resource", "Event", "Troublemaker")),
                                                     ("one-of-each", True)))
    assert targets.executable(four) is None
    assert targets.executable(Selector("card", filters=(("one-of-each", True),))) == "one of each of 'card'"
    board = table()  # Bob's discard pile: Comet
    bob = Context(card=board.cards[4], controller=1)
    assert labels(targets.candidates(board, bob, four)) == ["Comet/1"]  # each card of one of the types


def test_a_players_hand_as_a_whole_names_its_cards_and_a_card_chosen_after_it_is_one_of_them_404_1():
    from rulebase.engine.ccg.abilities import resolve
    from rulebase.engine.ccg.abilities.model import Effect

    board = table()
    alice = Context(card=board.cards[1], controller=0)
    bobs = Selector("hand", controller="opponent")
    assert labels(targets.candidates(board, alice, bobs)) == ["Comet/1"], "Bob's hand, not his Comets elsewhere"
    assert targets.candidates(board, alice, Selector("hand", controller="you")) == [], "Alice's hand is empty"
    assert targets.hand_owners(board, alice, Selector("hand", controller="any")) == [0, 1]
    assert targets.hand_owners(board, alice.as_player(1), Selector("hand", controller="their")) == [1]
    assert labels(targets.candidates(board, alice, Selector("Friend"))) == [
        "Comet/0", "Angel/0", "Breeze Runner/1", "Comet/1"], "no hand looked at: cards in play"
    alice.named[targets.HAND_SEEN] = [board.cards[6]]
    assert labels(targets.candidates(board, alice, Selector("card"))) == ["Comet/1"], "the hand looked at"
    assert board.cards[6].zone == Zone.HAND
    assert labels(targets.candidates(board, alice, Selector("Friend", controller="you"))) == ["Comet/0", "Angel/0"]
    assert targets.executable(bobs) is None
    assert targets.executable(Selector("hand", controller="opponent", filters=(("trait", "Critter"),))) \
        == "a hand named by more than whose it is ('hand')"
    assert resolve.executable(Effect("look", target=bobs)) is None
    assert resolve.executable(Effect("reveal", target=Selector("hand", controller="their"))) is None
    assert resolve.executable(Effect("discard", target=bobs)) == "the verb 'discard' on a hand as a whole"
