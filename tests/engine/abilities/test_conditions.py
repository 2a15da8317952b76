"""The conditions of card text (:mod:`rulebase.engine.ccg.abilities.conditions`):
what a condition kind judges, and what makes a condition not executable."""

from rulebase.engine.ccg.abilities import conditions, resolve
from rulebase.engine.ccg.abilities.model import Ability, Condition, Modifier, Selector, values
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed

from ..helpers import COMET, board_with

SKY_MANE = Printed.build("Sky Mane", "Mane Character", colors=["blue"], power=1, home_limit=3)
ORCHARD_MANE = Printed.build("Orchard Mane", "Mane Character", colors=["orange"], power=1, home_limit=3)
YOUR_MANE = Selector("Mane Character", controller="you")
BLUE_MANE = Condition("color", YOUR_MANE, values(color="blue"))
HAT = Printed.build("Blue Hat", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "That Friend is also [Loyalty].",
            modifier=Modifier("color", Selector("host"), values=values(color="blue", also=True))),))


def _holds(board, condition, controller=0):
    card = board.play[-1]
    return conditions.holds(board, resolve.Context(board=board, card=card, controller=controller), condition)


def test_a_color_condition_holds_only_for_a_card_of_that_color():
    blue = board_with((SKY_MANE, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    orange = board_with((ORCHARD_MANE, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    assert _holds(blue, BLUE_MANE)
    assert not _holds(orange, BLUE_MANE)


def test_a_color_condition_does_not_hold_without_the_card_it_names():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    assert not _holds(board, BLUE_MANE)


def test_a_color_condition_sees_a_color_text_gives_the_card():
    plain = Printed.build("Plain", "Friend", power=1, cost=1)
    board = board_with((plain, 0, Zone.PLAY, "home", 0), (HAT, 0, Zone.PLAY, "home", 0))
    friend, hat = board.play
    hat.host = friend
    it = Condition("color", Selector("Friend", controller="you"), values(color="blue"))
    assert _holds(board, it)
    hat.host = None
    assert not _holds(board, it)


def test_a_color_condition_is_executable_only_for_a_color():
    assert conditions.executable(BLUE_MANE) is None
    assert conditions.executable(Condition("color", YOUR_MANE, values(color="plaid"))) == "the color 'plaid'"


def test_a_power_higher_than_any_other_condition_compares_with_each_other_card():
    from rulebase.engine.ccg.abilities.model import THIS_CARD

    strong = Printed.build("Strong", "Friend", colors=["blue"], power=4, cost=1)
    others = Selector("Friend", where="here", filters=(("other", True),))
    highest = Condition("power-than-any", THIS_CARD, values(compare=">", than=others))
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (strong, 0, Zone.PLAY, "home", 0))
    comet, card = board.play
    context = resolve.Context(board=board, card=card, controller=0)
    assert conditions.holds(board, context, highest)
    comet.counters = 2
    assert not conditions.holds(board, context, highest)
    assert conditions.executable(highest) is None
    assert conditions.executable(Condition("power-than-any", THIS_CARD, values(compare="~", than=others))) == \
        "the comparison '~' of powers"


def test_a_card_revealed_this_way_is_judged_by_its_type_the_carollers():
    from rulebase.engine.ccg.cards import Printed as P

    event = P.build("Encore", "Event", cost=1, timing="Main Phase")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (event, 0, Zone.DRAW_DECK, None, 0))
    comet, encore = board.cards
    found_event = Condition("did", values=values(what="reveal", found=Selector("Event")))
    found_friend = Condition("did", values=values(what="reveal", found=Selector("Friend")))
    context = resolve.Context(board=board, card=comet, controller=0)
    assert not conditions.holds(board, context, found_event), "nothing was revealed yet"
    context.named["this-way:reveal"] = [encore]
    assert conditions.holds(board, context, found_event)
    assert not conditions.holds(board, context, found_friend)
    assert conditions.executable(found_event) is None
    assert conditions.executable(Condition("did", values=values(what="reveal", found=Selector("Friend", zone="hand")))) \
        .startswith("the cards revealed described as")
    assert conditions.executable(Condition("did", values=values(what="reveal", found=Selector("Friend"), extra=1))) \
        == "the condition 'did' 'reveal' with 'extra'"


def test_problems_confronted_this_turn_are_read_from_the_record_of_confrontations_blackmail():
    from rulebase.engine.ccg.board import Confrontation

    from ..helpers import KITE

    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    kite, comet = board.play
    kite_area = kite.area
    assert kite_area is not None and kite_area.is_problem
    confronted = Condition("did", values=values(what="confronts", during="turn", of=Selector("Problem", every=True)))
    here = Condition("did", values=values(what="confronts", during="turn", of=Selector("Problem", where="here")))
    context = resolve.Context(board=board, card=comet, controller=0)
    assert not conditions.holds(board, context, confronted)
    board.confrontations.append(Confrontation(board.turn.number - 1, 1, kite))
    assert not conditions.holds(board, context, confronted), "confronted on an earlier turn"
    board.confrontations.append(Confrontation(board.turn.number, 1, kite))
    assert conditions.holds(board, context, confronted) and conditions.holds(board, context, here)
    elsewhere = resolve.Context(board=board, card=board.new_card(COMET, 1), controller=1)
    assert not conditions.holds(board, elsewhere, here), "a card not at the Problem confronted"
    assert conditions.executable(confronted) is None
    assert conditions.executable(Condition("did", values=values(what="confronts", during="game",
                                                                of=Selector("Problem")))).startswith(
        "the Problems confronted described as")


def test_there_is_a_card_holds_while_the_subject_names_one_fear_itself():
    from ..helpers import PEST

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "home", 0))
    comet, pest = board.play
    face_down = Condition("exists", Selector("Troublemaker", where="here", filters=(("status", "face-down"),)))
    context = resolve.Context(board=board, card=comet, controller=0)
    assert not conditions.holds(board, context, face_down), "a face-up Troublemaker"
    pest.face_down = True
    assert conditions.holds(board, context, face_down)
    assert not conditions.holds(board, context, Condition("exists", Selector("Troublemaker", where="here",
                                                                             filters=(("status", "face-down"),)),
                                                          negated=True))
    assert conditions.executable(face_down) is None


def test_a_faceoff_won_this_turn_by_a_margin_is_read_from_the_record_of_faceoffs_storm_of_justice():
    from rulebase.engine.ccg.faceoffs import PROBLEM, TROUBLEMAKER, FaceoffResult

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    context = resolve.Context(board=board, card=board.play[0], controller=0)
    by_five = Condition("did", values=values(what="win-faceoff", during="turn", kind="problem", margin=">=5"))
    any_won = Condition("did", values=values(what="win-faceoff", during="turn"))
    assert not conditions.holds(board, context, any_won)
    board.faceoffs.append(FaceoffResult(PROBLEM, (), 0, {0: 7, 1: 3}, 0, turn=board.turn.number))
    assert conditions.holds(board, context, any_won) and not conditions.holds(board, context, by_five), "by 4"
    board.faceoffs.append(FaceoffResult(TROUBLEMAKER, (), 0, {0: 9, 1: 3}, 0, turn=board.turn.number))
    assert not conditions.holds(board, context, by_five), "a Troublemaker faceoff"
    board.faceoffs.append(FaceoffResult(PROBLEM, (), 0, {0: 9, 1: 3}, 0, turn=board.turn.number - 1))
    assert not conditions.holds(board, context, by_five), "on an earlier turn"
    board.faceoffs.append(FaceoffResult(PROBLEM, (), 1, {0: 3, 1: 9}, 1, turn=board.turn.number))
    assert not conditions.holds(board, context, by_five), "won by the opponent"
    board.faceoffs.append(FaceoffResult(PROBLEM, (), 0, {0: 8, 1: 3}, 0, turn=board.turn.number))
    assert conditions.holds(board, context, by_five)
    assert conditions.executable(by_five) is None and conditions.executable(any_won) is None
    assert conditions.executable(Condition("did", values=values(what="win-faceoff", during="game"))) is not None
    assert conditions.executable(Condition("did", values=values(what="win-faceoff", kind="problem"))) is not None


def test_one_players_points_against_anothers_rarity_ambassador_of_generosity():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    context = resolve.Context(board=board, card=board.play[0], controller=0)
    behind = Condition("points-than", Selector("opponent"), values(compare=">", than=Selector("you")))
    fewer = Condition("points-than", Selector("you"), values(compare="<", than=Selector("opponent")))
    board.players[0].score, board.players[1].score = 1, 3
    assert conditions.holds(board, context, behind) and conditions.holds(board, context, fewer)
    board.players[0].score = 3
    assert not conditions.holds(board, context, behind) and not conditions.holds(board, context, fewer)
    bobs = resolve.Context(board=board, card=board.play[0], controller=1)
    board.players[0].score = 4
    assert conditions.holds(board, bobs, behind), "read from the controller's perspective: Alice is Bob's opponent"
    assert conditions.executable(behind) is None
    assert conditions.executable(Condition("points-than", Selector("Friend"), values(compare=">", than=Selector("you")))) \
        == "a score compared by more than players"
    assert conditions.executable(Condition("points-than", Selector("you"), values(compare="=", than=Selector("opponent"))))\
        .startswith("the comparison of points")


def test_the_first_time_each_turn_a_card_is_moved_to_or_played_at_an_area_swaying_the_seaponies():
    from rulebase.engine.ccg.abilities import events

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    mine, other, bobs = board.play
    problem, home = board.players[0].problem_area, board.players[0].home
    first_move = Condition("first", Selector("character"), values(action="moved", each="turn"))

    def moved(card, player, to):
        events.emit(board, "moved", card=card, player=player, **{"from": home, "to": to})
        return board.events[-1]

    def holds_for(happened, condition=first_move):
        return conditions.holds(board, resolve.Context(board=board, card=mine, controller=0, event=happened), condition)

    elsewhere = moved(other, 0, board.players[1].problem_area)
    theirs = moved(bobs, 1, problem)
    one = moved(mine, 0, problem)
    two = moved(other, 0, problem)
    assert holds_for(one), "moves elsewhere or by another player don't count"
    assert not holds_for(two)
    assert holds_for(elsewhere) and holds_for(theirs)
    board.turn.number += 1
    assert holds_for(moved(other, 0, problem)), "each turn"
    played = Condition("first", Selector("Friend"), values(action="played", each="turn"))
    events.emit(board, "played", card=other, player=0, area=home)
    assert holds_for(board.events[-1], played)
    events.emit(board, "played", card=bobs, player=1, area=home)
    assert not holds_for(board.events[-1], played), "a Friend played at the same area before, by any player"
    assert not holds_for(one, played), "the event is not one of playing"
    assert conditions.executable(first_move) is None and conditions.executable(played) is None
    assert conditions.executable(Condition("first", Selector("character"), values(action="moved"))) is not None
    assert conditions.executable(Condition("first", Selector("Friend"), values(action="exhausted", each="turn"))) \
        == "the first player to 'exhausted'"


def test_the_first_time_each_turn_friends_become_frightened_the_night_is_dark_and_full_of_terrors():
    from rulebase.engine.ccg.abilities import events
    from rulebase.engine.ccg.abilities.model import Amount

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1),
                       (SKY_MANE, 1, Zone.PLAY, "home", 1))
    mine, bobs, mane = board.play
    friends = Selector("Friend", count=Amount(1), filters=(("at_least", True),))
    first = Condition("first", friends, values(action="frightened", each="turn"))

    def frightened(card):
        events.emit(board, "frightened", card=card, player=card.controller)
        return board.events[-1]

    def holds_for(happened):
        return conditions.holds(board, resolve.Context(board=board, card=mine, controller=0, event=happened), first)

    assert conditions.executable(first) is None
    frightened(mane)
    assert holds_for(frightened(bobs)), "a Mane Character frightened is not a Friend frightened"
    assert not holds_for(frightened(mine)), "a Friend of any player was frightened earlier this turn"
    board.turn.number += 1
    assert holds_for(frightened(mine)), "each turn"


def test_a_condition_names_their_cards_wherever_its_selectors_say_their():
    from rulebase.engine.ccg.abilities.model import Amount

    theirs = Selector("character", controller="their", filters=(("power", ">=4"),))
    assert conditions.names_their(Condition("during", values=values(phase="faceoff", involving=theirs)))
    assert conditions.names_their(Condition("all", all_of=(BLUE_MANE, Condition("none", theirs))))
    assert conditions.names_their(Condition("has", Selector("Friend", count=Amount(2, per=theirs))))
    assert not conditions.names_their(BLUE_MANE)
    assert not conditions.names_their(None)
