"""Portal: The Uncooperative Cake Acquisition Game, the rules.

    import cakegame
    s = cakegame.new_game(players=3, seed=7)
    a = s.legal_actions()[0]
    s = s.apply(a)

Standard library only: the same package runs in CPython and in the browser's Pyodide.
"""

from .actions import Action, IllegalActionError, Verb
from .content import CARDS, DIVISIONS, PANELS, Card, Icon, Panel, Rule
from .events import Event, EventKind
from .pending import Pending
from .state import FORMAT, Chamber, Outcome, State, Termination, View, new_game

__all__ = [
    "CARDS",
    "DIVISIONS",
    "Event",
    "EventKind",
    "FORMAT",
    "PANELS",
    "Action",
    "Card",
    "Chamber",
    "IllegalActionError",
    "Icon",
    "Outcome",
    "Panel",
    "Pending",
    "Rule",
    "State",
    "Termination",
    "Verb",
    "View",
    "new_game",
]
