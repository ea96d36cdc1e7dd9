"""The game's own content: divisions, the 18 Test Chamber panels and the 20 Aperture cards.

Everything here is data. The rules read it through the names defined in this module, so a
different set of panels or cards can replace these without touching the rules, as long as it
uses the same effect and rule vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache


class Icon(str, Enum):
    """A reward icon printed on a panel face (its value is its one-letter code)."""

    SUBJECT = "s"
    CAKE = "c"
    CARD = "a"
    CUBE = "q"
    TURRET = "t"


ICON_NAMES = {
    Icon.SUBJECT: "Test Subject",
    Icon.CAKE: "Cake Slice",
    Icon.CARD: "Aperture Card",
    Icon.CUBE: "Companion Cube",
    Icon.TURRET: "Turret",
}


class Effect(str, Enum):
    """One step of an Aperture action. A card's action is a sequence of these."""

    MOVE = "move"  # move one more group of your own subjects (no bonus)
    FORCE = "force"  # move a group of another division's subjects
    SUBJECT = "subject"  # deliver a subject from your supply to a new edge
    CAKE = "cake"  # deliver a cake slice from your supply to a new edge
    CARD = "card"  # take the deck's top card
    CUBE = "cube"  # place the Companion Cube in any chamber
    TURRET = "turret"  # step the Turret to an adjacent chamber (or onto a new edge)
    TURRET_ANY = "turret_any"  # put the Turret in any chamber not on an old edge
    FIRE = "fire"  # the Turret destroys every subject in one adjacent chamber
    DESTROY = "destroy"  # destroy one subject in a chamber where you have one
    SHIFT = "shift"  # move one Portal token to a chamber not on an old edge
    PORTALS_ANY = "portals_any"  # place both Portal tokens anywhere, old edges included


class Rule(str, Enum):
    """A standard rule that an active Character changes for everyone."""

    ACTIVATE_FIRST = "activate_first"
    NO_PORTALS = "no_portals"
    BONUS_UP_TO_TWO = "bonus_up_to_two"
    OPERA = "opera"
    FEWEST = "fewest"
    BURN = "burn"
    ROW_LEAP = "row_leap"
    CUBE_HARMLESS = "cube_harmless"
    TIES_TO_ACTIVE = "ties_to_active"
    DOUBLE_CAKE = "double_cake"
    NO_CARRY = "no_carry"
    SAFE_CAKE = "safe_cake"
    NO_BONUS = "no_bonus"
    MAX_TWO = "max_two"
    KEEP_FACE = "keep_face"
    WRAP = "wrap"
    CARRY_TWO = "carry_two"
    DOUBLE_SUBJECTS = "double_subjects"
    TURRET_DISARMED = "turret_disarmed"
    TWO_MOVES = "two_moves"


@dataclass(frozen=True)
class Division:
    """A player's colour. The page decides how it looks; the rules only need a name."""

    name: str


DIVISIONS: tuple[Division, ...] = (
    Division("Orange"),
    Division("Blue"),
    Division("Green"),
    Division("Purple"),
)

SUBJECTS_PER_DIVISION = 8
CAKE_PER_DIVISION = 8
HAND_LIMIT = 3
ROWS = ("top", "middle", "bottom")
LAB_WIDTH = 5  # chambers per row at the start
PANELS_IN_PLAY = 15
OPERA_CAKE = 6  # cake in the lab, in all three rows, that wins under the Opera Turret


@dataclass(frozen=True)
class Panel:
    """A double-sided Test Chamber panel: each face is a string of Icon codes."""

    letter: str
    faces: tuple[str, str]

    def icons(self, face: int) -> tuple[Icon, ...]:
        return _icons(self.faces[face])


@cache
def _icons(codes: str) -> tuple[Icon, ...]:
    """A face's icons, built once per face: the page reads them for every chamber it draws."""
    return tuple(Icon(code) for code in codes)


PANELS: tuple[Panel, ...] = tuple(
    Panel(letter, faces)
    for letter, faces in (
        ("A", ("ssc", "sa")),
        ("B", ("cc", "sst")),
        ("C", ("sc", "ca")),
        ("D", ("sss", "cq")),
        ("E", ("ssc", "cc")),
        ("F", ("sa", "sct")),
        ("G", ("cca", "sc")),
        ("H", ("sc", "sqa")),
        ("I", ("sc", "scc")),
        ("J", ("ct", "ssa")),
        ("K", ("sca", "sq")),
        ("L", ("sss", "c")),
        ("M", ("scc", "ct")),
        ("N", ("ca", "ssc")),
        ("O", ("sc", "cq")),
        ("P", ("sst", "ca")),
        ("Q", ("cc", "ssq")),
        ("R", ("ssc", "ac")),
    )
)
PANEL_LETTERS = tuple(p.letter for p in PANELS)
PANEL_INDEX = {p.letter: i for i, p in enumerate(PANELS)}


@dataclass(frozen=True)
class Card:
    """A double-sided Aperture card: an action to deploy, and a Character that rules."""

    id: str
    name: str
    action_title: str
    action_text: str
    effects: tuple[Effect, ...]
    character_title: str
    character_text: str
    rule: Rule


def _card(
    id: str,
    name: str,
    action: tuple[str, str, tuple[Effect, ...]],
    character: tuple[str, str, Rule],
) -> Card:
    return Card(id, name, action[0], action[1], action[2], character[0], character[1], character[2])


E = Effect
CARDS: tuple[Card, ...] = (
    _card(
        "wheatley", "Wheatley",
        ("Extra Move", "Move one more group of your Test Subjects. It earns no bonus.",
         (E.MOVE,)),
        ("Brilliant Plan", "Every player activates and recycles a chamber before moving.",
         Rule.ACTIVATE_FIRST),
    ),
    _card(
        "ratman", "Rat Man",
        ("Hidden Den", "Move one Portal token to any chamber that is not on an old edge, "
         "and deliver a Test Subject from your supply to a new-edge chamber.",
         (E.SHIFT, E.SUBJECT)),
        ("Boarded Up", "The Portals are sealed: their chambers are not adjacent.",
         Rule.NO_PORTALS),
    ),
    _card(
        "greg", "Greg",
        ("New Recruit", "Deliver a Test Subject from your supply to a new-edge chamber.",
         (E.SUBJECT,)),
        ("Pep Talk", "In the move step, moving one or two Test Subjects earns the free Test "
         "Subject or Aperture Card.",
         Rule.BONUS_UP_TO_TWO),
    ),
    _card(
        "opera", "Opera Turret",
        ("Aria", "Move the Turret to an adjacent chamber (or leave it), or put it on a "
         "new-edge chamber if it is not in the Laboratory; then it destroys every Test Subject in "
         "one chamber next to it.", (E.TURRET, E.FIRE)),
        ("Grand Finale", f"A division that ends its own turn with {OPERA_CAKE} or more Cake "
         "Slices in the Laboratory, spread over all three rows, wins at once.", Rule.OPERA),
    ),
    _card(
        "glados", "GLaDOS",
        ("Neurotoxin", "Destroy one Test Subject of any division in a chamber where you "
         "have a Test Subject.", (E.DESTROY,)),
        ("Underdog Protocol", "An activated chamber rewards the division with the fewest "
         "Test Subjects in it (at least one, and no tie).", Rule.FEWEST),
    ),
    _card(
        "cave", "Cave Johnson",
        ("Corporate Bonus", "Deliver a Cake Slice from your supply to a new-edge chamber.",
         (E.CAKE,)),
        ("Combustible Lemons", "Once in their deploy step, a player may incinerate one of "
         "their own Cake Slices in the Laboratory to earn a free Test Subject or an Aperture "
         "Card.", Rule.BURN),
    ),
    _card(
        "chell", "Chell",
        ("Two Holes", "Place both Portal tokens in any two chambers, old edges included.",
         (E.PORTALS_ANY,)),
        ("Long Fall Boots", "Test Subjects may also move two Test Chambers along their row, "
         "leaping over the one between.",
         Rule.ROW_LEAP),
    ),
    _card(
        "cube", "Companion Cube",
        ("Faithful Friend", "Place the Companion Cube in any chamber (or leave it), and take "
         "an Aperture Card.", (E.CUBE, E.CARD)),
        ("Best Friend", "The Companion Cube no longer blocks rewards.", Rule.CUBE_HARMLESS),
    ),
    _card(
        "space", "Space Core",
        ("Drift", "Move the Turret to an adjacent chamber (or leave it), or put it on a "
         "new-edge chamber if it is not in the Laboratory.", (E.TURRET,)),
        ("Space Race", "A tie for most Test Subjects goes to the player whose turn it is, "
         "if that player is one of the tied.", Rule.TIES_TO_ACTIVE),
    ),
    _card(
        "fact", "Fact Core",
        ("Trivia Night", "Take two Aperture Cards, up to your hand limit.",
         (E.CARD, E.CARD)),
        ("Cake Facts", "Each Cake Slice icon earns two Cake Slices.", Rule.DOUBLE_CAKE),
    ),
    _card(
        "adventure", "Adventure Core",
        ("Shove", "Move a group of another division's Test Subjects to an adjacent chamber.",
         (E.FORCE,)),
        ("Light Packing", "Test Subjects cannot carry Cake.", Rule.NO_CARRY),
    ),
    _card(
        "morality", "Morality Core",
        ("Second Chance", "Deliver two Test Subjects from your supply to new-edge chambers.",
         (E.SUBJECT, E.SUBJECT)),
        ("Safety Regulations", "Cake in a recycled chamber goes back to its owner's supply "
         "instead of the incinerator.", Rule.SAFE_CAKE),
    ),
    _card(
        "curiosity", "Curiosity Core",
        ("What's This?", "Take an Aperture Card, and deliver a Test Subject from your supply "
         "to a new-edge chamber.",
         (E.CARD, E.SUBJECT)),
        ("Distracted", "Moving a single Test Subject earns nothing.", Rule.NO_BONUS),
    ),
    _card(
        "anger", "Anger Core",
        ("Hostile Takeover", "Put the Turret in any chamber that is not on an old edge. Like "
         "any Turret arriving, it destroys every Test Subject in that chamber.",
         (E.TURRET_ANY,)),
        ("Crowd Control", "A group may move at most two Test Subjects.", Rule.MAX_TWO),
    ),
    _card(
        "caroline", "Caroline",
        ("Double Shift", "Move two more groups of your Test Subjects, one after the other. "
         "They earn no bonus.", (E.MOVE, E.MOVE)),
        ("Cost Cutting", "A recycled chamber is not flipped over: its panel keeps the face "
         "it had.", Rule.KEEP_FACE),
    ),
    _card(
        "atlas", "Atlas",
        ("Tandem Step", "Move a group of another division's Test Subjects, then one group "
         "of your own.", (E.FORCE, E.MOVE)),
        ("Wraparound", "The top and bottom rows touch: Test Subjects may move between a "
         "top-row chamber and the bottom-row chamber straight below it, across the middle "
         "row.", Rule.WRAP),
    ),
    _card(
        "pbody", "P-body",
        ("Portal Dash", "Move one Portal token to any chamber not on an old edge, then move "
         "one group of your Test Subjects.", (E.SHIFT, E.MOVE)),
        ("Heavy Lifting", "Each moving Test Subject may carry up to two Cake Slices.",
         Rule.CARRY_TWO),
    ),
    _card(
        "escort", "Party Escort Bot",
        ("Party Invitation", "Move two groups of other divisions' Test Subjects, one after "
         "the other.", (E.FORCE, E.FORCE)),
        ("Surprise!", "Each Test Subject icon earns two Test Subjects.",
         Rule.DOUBLE_SUBJECTS),
    ),
    _card(
        "frankenturret", "Frankenturret",
        ("Waddle", "Move the Turret up to two steps, one adjacent chamber at a time (or stop). "
         "If it is not in the Laboratory, its first step puts it on a new-edge chamber.",
         (E.TURRET, E.TURRET)),
        ("Cardboard Box", "The Turret is disarmed: it destroys nothing. Once this Character "
         "is covered, the Turret at once destroys every Test Subject in its chamber.",
         Rule.TURRET_DISARMED),
    ),
    _card(
        "announcer", "The Announcer",
        ("Scheduled Maintenance", "Place the Companion Cube in any chamber (or leave it), then "
         "move one group of your Test Subjects.", (E.CUBE, E.MOVE)),
        ("Overtime", "In the move step, each player moves two groups, one after the other "
         "(the same Test Subjects may move twice); each move of a single Test Subject earns "
         "the free Test Subject or Aperture Card.",
         Rule.TWO_MOVES),
    ),
)
del E

CARD_BY_ID = {c.id: c for c in CARDS}
CARD_IDS = tuple(c.id for c in CARDS)
