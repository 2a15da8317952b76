"""Reading the effects of Kayou TCG cards from the words the rules use
(``grammar/tcg_card_text.lark``) into :class:`~rulebase.engine.tcg.text.Effect`
values: the text a card prints, and the text the engine writes back (an
effect's ``str``), read the same way.

>>> effect = read_effect("Passive: As long as your Adventure Zone has a Unicorn, this card gets +1 Inspiration.")
>>> effect.kind, effect.condition.keyword, effect.instructions[0].amount
('passive', 'Unicorn', 1)
>>> read_effect(str(effect)) == effect
True
>>> read_effect("Entrance: Draw two cards.")
Traceback (most recent call last):
...
rulebase.engine.errors.SetupError: can't read the effect at column 16 ('two cards.'): expected a number
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rulebase import paths
from rulebase.engine.errors import SetupError
from rulebase.engine.expected import expected_words
from rulebase.engine.tcg import text as card_text
from rulebase.engine.tcg.text import Condition, Effect, Instruction

GRAMMAR = "tcg_card_text"

_EXPECTED = {"INT": "a number", "SIGNED_INT": "a signed number (+1, -2)", "KEYWORD": "a keyword (Unicorn, ...)",
             "CARDS": "card or cards", "KIND": "the kind of effect (Entrance, Farewell, Passive, ...)",
             "PLACE": "a zone (your Adventure Zone, your hand, ...)", "ARTICLE": "a or an", "SELF": "this card",
             "WHOSE": "your or your opponent's", "$END": "the end of the text"}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark.open(str(paths.grammar(GRAMMAR)), parser="lalr", lexer="contextual", maybe_placeholders=False)


_PLACES = {"this card": "this", "this character": "this", "your adventure zone": "your adventure zone",
           "your opponent's adventure zone": "opponent's adventure zone", "your hand": "your hand",
           "your rest zone": "your rest zone", "your scene zone": "your scene zone"}


def _keyword(args) -> str | None:
    words = [str(a) for a in args if isinstance(a, Token) and a.type == "KEYWORD"]
    return words[0] if words else None


class _Reader(Transformer):
    def __init__(self):
        super().__init__()
        self.lasting = None

    def start(self, args):
        kind = str(args[0]).lower()
        cost, condition, optional, instructions = (), None, False, []
        harmony = 0
        for arg in args[1:]:
            if isinstance(arg, tuple) and arg and arg[0] == "cost":
                harmony, cost = arg[1], arg[2]
            elif isinstance(arg, Condition):
                condition = arg
            elif arg == "optional":
                optional = True
            elif isinstance(arg, Instruction):
                instructions.append(arg)
        if kind == card_text.PASSIVE and instructions and all(i.verb in card_text.PERMISSIONS for i in instructions):
            kind = card_text.STATIC  # a lasting permission printed as Passive is a static effect (501.4.0)
        return Effect.build(kind, tuple(instructions), condition, optional, harmony, cost)

    def restriction(self, args):
        return args[0]

    def cost(self, args):
        harmony = sum(arg[1] for arg in args if isinstance(arg, tuple) and arg[0] == "harmony")
        return ("cost", harmony, tuple(arg for arg in args if isinstance(arg, Instruction)))

    def tap_self(self, args):
        return ("tap-self",)

    def harmony(self, args):
        return ("harmony", int(args[0]))

    def optional(self, args):
        return "optional"

    # conditions
    def harmony_paid(self, args):
        return Condition.build(card_text.HARMONY, amount=int(args[0]))

    def another(self, args):
        return Condition.build(card_text.ANOTHER, str(args[0]), args[1])

    def has(self, args):
        return Condition.build(card_text.HAS, _keyword(args[1:]), args[0])

    def while_has(self, args):
        return Condition.build(card_text.WHILE, _keyword(args[1:]), args[0])

    def place(self, args):
        return _PLACES[" ".join(str(args[0]).lower().replace("’", "'").split())]

    # instructions
    def draw(self, args):
        return Instruction.build("draw", int(args[0]), card_text.YOU)

    def opponent_draws(self, args):
        return Instruction.build("draw", int(args[0]), card_text.OPPONENT)

    def discard(self, args):
        return Instruction.build("discard", int(args[0]), card_text.YOU)

    def opponent_discards(self, args):
        return Instruction.build("discard", int(args[0]), card_text.OPPONENT)

    def inspiration(self, args):
        target, keyword = args[0]
        amount = int(str(args[1]))
        return Instruction.build("inspiration", amount, target, keyword)

    def _targeted(verb):
        def build(self, args):
            target, keyword = args[0]
            return Instruction.build(verb, None, target, keyword)
        return build

    tap = _targeted("tap")
    untap = _targeted("untap")
    remove = _targeted("remove")
    move = _targeted("move")

    def _plain(verb, target=None):
        def build(self, args):
            return Instruction.build(verb, None, target)
        return build

    plan = _plain("plan")
    scene = _plain("scene")
    win = _plain("win")
    return_plan = _plain("return-plan")
    move_freely = _plain("move-freely")
    any_copies = _plain("any-copies")

    def __default__(self, data, children, meta):
        if data == "return":
            target, keyword = children[0]
            return Instruction.build("return", None, target, keyword)
        return super().__default__(data, children, meta)

    def look(self, args):
        return Instruction.build("look", int(args[0]), _whose(args[2]))

    def reveal(self, args):
        return Instruction.build("reveal", int(args[0]), _whose(args[2]))

    def shuffle(self, args):
        return Instruction.build("shuffle", None, _whose(args[0]))

    # targets: (target, keyword)
    def self(self, args):
        return (card_text.SELF, None)

    def opposing(self, args):
        return (card_text.OPPOSING_CHARACTER, None)

    def your_character(self, args):
        return (card_text.YOUR_CHARACTER, _keyword(args))

    def opponents_character(self, args):
        return (card_text.OPPONENTS_CHARACTER, _keyword(args))

    def a_character(self, args):
        return (card_text.A_CHARACTER, _keyword(args))

    def your_other_characters(self, args):
        return (card_text.YOUR_OTHER_CHARACTERS, _keyword(args))

    def opponents_characters(self, args):
        return (card_text.OPPONENTS_CHARACTERS, _keyword(args))

    def your_characters(self, args):
        return (card_text.YOUR_CHARACTERS, _keyword(args))

    def your_scene(self, args):
        return (card_text.YOUR_SCENE, None)

    def opponents_scene(self, args):
        return (card_text.OPPONENTS_SCENE, None)


def _whose(token) -> str:
    return card_text.OPPONENT if "opponent" in str(token).lower() else card_text.YOU


def _expected(names) -> str:
    return ", ".join(expected_words(_parser(), names, _EXPECTED, 8))


def read_effect(text: str) -> Effect:
    """The effect a card's text describes; raises
    :class:`~rulebase.engine.errors.SetupError` naming the column where the
    words stop making sense, or what is wrong with what they say."""
    words = " ".join(str(text).split())
    try:
        tree = _parser().parse(words)
    except UnexpectedInput as error:
        column = getattr(error, "column", None) or len(words) + 1
        here = words[column - 1:column + 24] if column <= len(words) else "the end"
        if isinstance(error, (UnexpectedToken, UnexpectedEOF)):
            expected = _expected(getattr(error, "expected", ()) or ())
        elif isinstance(error, UnexpectedCharacters):
            expected = _expected(error.allowed or ())
        else:
            expected = ""
        raise SetupError(f"can't read the effect at column {column} ({here!r})"
                         + (f": expected {expected}" if expected else "")) from None
    try:
        return _Reader().transform(tree)
    except SetupError:
        raise
    except Exception as error:  # a SetupError wrapped by lark's visitor
        cause = getattr(error, "orig_exc", None)
        if isinstance(cause, SetupError):
            raise cause from None
        raise
