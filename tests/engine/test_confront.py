from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Color, Need, Printed
from rulebase.engine.ccg.confront import allocate, judge

from .helpers import board_with

COLORS = [None, Color.BLUE, Color.PINK, Color.PURPLE]


def brute_force(pools, needs) -> bool:
    """Split each pool unit by unit among the needs that accept it."""
    units = [color for color, amount in pools.items() for _ in range(amount)]
    targets = [index for index, _ in enumerate(needs)] + [None]
    for assignment in product(targets, repeat=len(units)):
        got = [0] * len(needs)
        ok = True
        for color, target in zip(units, assignment):
            if target is None:
                continue
            if not needs[target].accepts(color):
                ok = False
                break
            got[target] += 1
        if ok and all(g >= n.amount for g, n in zip(got, needs)):
            return True
    return False


need = st.one_of(
    st.builds(Need, st.integers(1, 2), st.sampled_from(COLORS[1:])),
    st.builds(Need, st.integers(1, 2)),
    st.builds(lambda a, c: Need(a, excluded=c), st.integers(1, 2), st.sampled_from(COLORS[1:])),
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(COLORS), st.integers(0, 3), max_size=3), st.lists(need, min_size=1, max_size=3))
def test_allocation_agrees_with_brute_force(pools, needs):
    assert (allocate(pools, tuple(needs)) is not None) == brute_force(pools, needs)


def test_one_color_per_character_and_excess_power_for_wild():
    two_tone = Printed.build("Two-Tone", "Friend", colors=["blue", "purple"], power=3, cost=3)
    twin = Printed.build("Twin Needs", "Problem", owner_needs="3 blue + 3 purple", opponents_need=6, bonus=1)
    board = board_with((twin, 0, Zone.PLAY, "problem", 0), (two_tone, 0, Zone.PLAY, "problem", 0))
    problem = board.play[0]
    assert not judge(board, 0, problem).met
    board.put(board.new_card(two_tone, 0), Zone.PLAY, area=board.players[0].problem_area)
    verdict = judge(board, 0, problem)
    assert verdict.met and "611.3b" in [step.rule for step in board.trace]
    big = Printed.build("Big Blue", "Friend", colors=["blue"], power=5, cost=4)
    kite = Printed.build("Kite", "Problem", owner_needs="3 blue + 2 wild", opponents_need=4, bonus=1)
    board = board_with((kite, 0, Zone.PLAY, "problem", 0), (big, 0, Zone.PLAY, "problem", 0))
    assert judge(board, 0, board.play[0]).met


def test_a_face_up_troublemaker_of_the_opponent_blocks_but_ones_own_does_not():
    kite = Printed.build("Kite", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1)
    comet = Printed.build("Comet", "Friend", colors=["blue"], power=2, cost=2)
    pest = Printed.build("Pest", "Troublemaker", power=1, points=1)
    board = board_with((kite, 0, Zone.PLAY, "problem", 0), (comet, 0, Zone.PLAY, "problem", 0),
                       (pest, 0, Zone.PLAY, "problem", 0))
    assert judge(board, 0, board.play[0]).met
    board.play[2].controller = 1
    verdict = judge(board, 0, board.play[0])
    assert not verdict.met and verdict.steps[-1][0] == "611.3e"


def test_a_friend_contributes_power_of_its_color_to_its_owners_requirements():
    comet = Printed.build("Comet", "Friend", colors=["blue"], power=2, cost=2)
    kite = Printed.build("Kite", "Problem", owner_needs="2 blue", opponents_need=9, bonus=1)
    board = board_with((kite, 0, Zone.PLAY, "problem", 0), (comet, 0, Zone.PLAY, "problem", 0))
    assert judge(board, 0, board.play[0]).met
    assert {"209.1", "302.2", "203.2"} <= {step.rule for step in board.trace}
    for rule in ("302.2", "203.2"):
        board = board_with((kite, 0, Zone.PLAY, "problem", 0), (comet, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset({rule})
        assert not judge(board, 0, board.play[0]).met
    tall = Printed.build("Tall Kite", "Problem", owner_needs="3 blue", opponents_need=2, bonus=1)
    board = board_with((tall, 0, Zone.PLAY, "problem", 0), (comet, 0, Zone.PLAY, "problem", 0))
    assert not judge(board, 0, board.play[0]).met
    board.off = frozenset({"209.1"})
    assert judge(board, 0, board.play[0]).needs == ()


def test_an_opponent_meets_the_requirements_at_the_top_unless_106_2_is_off():
    petal = Printed.build("Rose Petal", "Friend", colors=["pink"], power=2, cost=2)
    twin = Printed.build("Twin", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1)
    for off, met in (((), True), (("106.2",), False)):
        board = board_with((twin, 1, Zone.PLAY, "problem", 1), (petal, 0, Zone.PLAY, "problem", 1))
        board.off = frozenset(off)
        assert judge(board, 0, board.play[0]).met is met


def test_an_opposing_troublemaker_that_card_text_keeps_from_preventing_is_not_called_the_players_own_611_3e():
    """Tree Hugger, Calming Auditory Therapy: "Opposing Troublemakers don't
    prevent you from confronting this card's Problem." Bob's face-up
    Troublemaker there doesn't keep Alice from confronting (by the card's
    text), and the 611.3e check doesn't call it Alice's own."""
    from rulebase.engine.ccg.confront import troublemaker_blocks
    from rulebase.engine.trace import ALLOWED

    from .abilities.driving import real
    from .helpers import KITE, PEST

    board = board_with((KITE, 0, Zone.PLAY, "problem", 0),
                       (real("tree-hugger-calming-auditory-therapy"), 0, Zone.PLAY, "problem", 0),
                       (PEST, 1, Zone.PLAY, "problem", 0))
    problem = board.cards[0]
    assert troublemaker_blocks.verdict(board, 0, problem) is None
    board.cards[2].controller = 0
    verdict = troublemaker_blocks.verdict(board, 0, problem)
    assert "is Alice's own and not Epic" in str(verdict.reason)
    assert not [step for step in board.trace if step.rule == "611.3e" and step.kind != ALLOWED]
