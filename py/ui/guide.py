"""The guided first game: a fixed deal against an easy computer player, with a coach.

The coach explains each step the first time the player meets it (deploying a card, the
Portal Gun, a move and its single-subject bonus, carrying cake, activation and majority,
the first Character in force, each reward, the Cube, the Turret, recycling and the
incinerator, and the two endings), and points at the chambers it is talking about. It never
decides and never changes the game: it reads the decision open now (`State.decision`) and
the engine's own `legal_actions()`, so every tip appears exactly when the engine offers
that step, and the chambers it points at are the ones the engine lists. Once every tip has
been shown the game simply goes on as a normal game. A learner who acts before reading on
still meets each step in time: the move is explained at its second step (where to) if its
first went by under the welcome, and rewards offered together (a Cake Slice and the Turret)
are one tip, since either may be collected first.

What the coach has shown lives in the game's `ui["guide"]`, which the page saves, so the
guide resumes after a reload:

    {"seen": ["welcome", "move"], "open": {"key": ..., "title": ..., "text": ..., "point": [...]},
     "off": false}

A tip closes when the learner presses "Got it" or acts; "Leave the guide" turns the coach
off, and the game goes on as a normal game (as it does once every tip has been shown).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cakegame.words import listed

PLAYERS = 2
SEED = 1  # a deal on which every tip comes up in a game between easy players
FIRST = 0  # the learner plays first
NAMES = ["Learner", "Easy robot"]
SEATS = ["human", "easy"]
ENDING_SUBJECTS = 3  # the endings are explained once a division is down to this many


@dataclass(frozen=True)
class Tip:
    """One thing the coach says: its key, a title, the words, and the chambers it points at."""

    key: str
    title: str
    text: str
    point: tuple[str, ...] = ()


def _verbs(texts: list[str]) -> set[str]:
    return {t.split()[0] for t in texts}


def _letters(texts: list[str], verb: str | None = None) -> tuple[str, ...]:
    """The chambers named by the actions (of one verb), in the engine's order."""
    out: list[str] = []
    for t in texts:
        words = t.split()
        if verb is not None and words[0] != verb:
            continue
        for w in words[1:]:
            if len(w) == 1 and w.isalpha() and w.isupper() and w not in out:
                out.append(w)
    return tuple(out)


Rule = Callable[[Any, list[str]], "Tip | None"]


def _welcome(s: Any, texts: list[str]) -> Tip | None:
    if s.turn_number != 1:
        return None
    mine = tuple(c.letter for c in s.chambers() if c.subjects[s.current_player])
    return Tip("welcome", "Welcome to the lab",
               "You lead the Orange division: 8 Test Subjects and 8 Cake Slices. Only cake in "
               "the lab counts, and the division with the most wins. The game ends at once "
               "when a division has no Test Subjects left in the lab, or has lost all its cake "
               f"to the incinerator. Your subjects start in chambers {listed(mine)}. "
               "The line above the lab always says what to do now.", mine)


def _deploy(s: Any, texts: list[str]) -> Tip | None:
    if s.decision != "deploy" or "play" not in _verbs(texts):
        return None
    return Tip("deploy", "Deploy a card (optional)",
               "Your turn starts with the deploy step: you may play cards from your hand, one "
               "at a time, each for the Aperture action printed on it. A played card goes onto "
               "the discard pile with its Character side up, and that Character changes a rule "
               "for everyone until another card covers it. A card you received this turn waits "
               "until your next turn. Press “End deploying” to go on to your move.")


def _gun(s: Any, texts: list[str]) -> Tip | None:
    if "gun" not in _verbs(texts):
        return None
    return Tip("gun", "The Portal Gun",
               "Instead of its action, any card can fire the Portal Gun: put both Portal "
               "tokens on two chambers that are not on an old edge. For moving Test Subjects "
               "the two Portal chambers count as next to each other, however far apart.",
               tuple(c.letter for c in s.chambers() if c.portal))


def _move(s: Any, texts: list[str]) -> Tip | None:
    """The move, at its first step or, if the learner picked a chamber before reading on
    (the first turn's welcome was still open), at the second: where they go."""
    verbs = _verbs(texts)
    if "from" in verbs:
        points = _letters(texts, "from")
        now = f"pick a chamber holding some of them ({listed(points)} now), then a chamber " \
              "next to it, then how many go"
    elif "to" in verbs:
        points = _letters(texts, "to")
        now = "you picked where they leave from; now pick a chamber next to it " \
              f"({listed(points)}), then how many go"
    else:
        return None
    return Tip("move", "Move one group",
               f"Every turn you must move one group of your Test Subjects: {now}. Chambers "
               "are next to each other when they share an edge.", points)


def _count(s: Any, texts: list[str]) -> Tip | None:
    if "count" not in _verbs(texts):
        return None
    return Tip("count", "How many move",
               "If exactly one Test Subject moves, you earn a bonus: a free Test Subject from "
               "your supply, or an Aperture Card. Moving more keeps your group together.")


def _bonus(s: Any, texts: list[str]) -> Tip | None:
    if "bonus" not in _verbs(texts):
        return None
    points = _letters(texts, "bonus")
    return Tip("bonus", "The single-subject bonus",
               "You moved a single Test Subject, so take a bonus: an Aperture Card (if you hold "
               "fewer than 3), or a free Test Subject delivered to a new-edge chamber "
               f"({listed(points)}).", points)


def _carry(s: Any, texts: list[str]) -> Tip | None:
    if "carry" not in _verbs(texts):
        return None
    return Tip("carry", "Carrying cake",
               "Each moving Test Subject may carry one Cake Slice, of any colour, out of the "
               "chamber it leaves. Cake never moves on its own: keep yours away from the old "
               "edge, and carry other divisions' cake towards it.",
               tuple(x for x in (s.pending.get("src"),) if isinstance(x, str)))


def _activate(s: Any, texts: list[str]) -> Tip | None:
    if "activate" not in _verbs(texts):
        return None
    points = _letters(texts, "activate")
    return Tip("activate", "Activate a chamber",
               f"Now activate one chamber on the old edge ({listed(points)}). The division with "
               "strictly more Test Subjects there than every other division earns the rewards "
               "shown on it. No subjects, a tie for most, or the Companion Cube in it: nobody "
               "earns anything.", points)


def _character(s: Any, texts: list[str]) -> Tip | None:
    """The first Character in force: its rule, which may undo what the tips taught (under
    Underdog Protocol the fewest Test Subjects earn a chamber's rewards: a learner met it
    with nothing said)."""
    card = s.character
    if card is None:
        return None
    return Tip("character", "A Character changes the rules",
               f"The card on top of the discard pile is the active Character: {card.name}, "
               f"“{card.character_title}”: {card.character_text} It holds for everyone "
               "until another card covers it, and the Rule box names it.")


def _reward(verb: str, key: str, title: str, text: str, icon: bool = True) -> Rule:
    """The tip of a reward; with `icon`, its words speak of a chamber's icon, so it waits
    for an activation's rewards (a card's action paying the same, Faithful Friend's card
    say, is no icon: "An Aperture Card icon gives you ..." stood there, a play-tester)."""
    def rule(s: Any, texts: list[str]) -> Tip | None:
        if s.decision not in ("reward", "turret_any") or verb not in _verbs(texts):
            return None
        if icon and s.phase == "deploy":
            return None
        if verb == "card":
            return Tip(key, title, text)
        return Tip(key, title, text, _letters(texts, verb))
    return rule


def _turret(s: Any, texts: list[str]) -> Tip | None:
    """The Turret's tip, as the decision open offers it: a chamber's reward moves it next
    door or leaves it; a card (Hostile Takeover) puts it in any chamber off the old edge,
    with no staying (the reward's words stood there, and the board said otherwise)."""
    if s.decision not in ("reward", "turret_any") or "turret" not in _verbs(texts):
        return None
    if s.decision == "turret_any":
        how = ("This card puts the Turret in any chamber that is not on an old edge: choose "
               "one (it cannot stay where it is).")
    else:
        how = ("You may move the Turret to a chamber next to it (or onto a new edge if it is "
               "not in the lab yet), or leave it.")
    return Tip("reward-turret", "The Turret",
               f"{how} It destroys every Test Subject in its chamber when it arrives, and any "
               "that enters later. Cake is safe from it.", _letters(texts, "turret"))


def _recycle(s: Any, texts: list[str]) -> Tip | None:
    if "recycle" not in _verbs(texts):
        return None
    glados = tuple(c.letter for c in s.chambers() if c.glados)
    return Tip("recycle", "Recycling and the incinerator",
               "The activated chamber is now recycled: every Test Subject in it goes back to "
               "its supply, and every Cake Slice in it is incinerated for good. The panel flips "
               "over and joins the new edge of the row you choose, so the lab creeps along "
               "like a conveyor belt.", glados)


def _endings(s: Any, texts: list[str]) -> Tip | None:
    low = [i for i in range(s.players) if s.subjects_in_lab()[i] <= ENDING_SUBJECTS]
    burnt = [i for i in range(s.players) if s.incinerated(i) >= 4]
    if not low and not burnt and s.turn_number < 12:
        return None
    return Tip("endings", "How the game ends",
               "Watch the two endings. The game ends at once when a division has no Test "
               "Subjects left in the lab, or when a division has had all 8 of its Cake Slices "
               "incinerated. Then the most Cake Slices in the lab wins (a tie: the most Test "
               "Subjects). So protect your cake, and mind who is about to run out.")


RULES: tuple[tuple[str, Rule], ...] = (
    ("welcome", _welcome),
    ("deploy", _deploy),
    ("gun", _gun),
    ("move", _move),
    ("count", _count),
    ("bonus", _bonus),
    ("carry", _carry),
    ("activate", _activate),
    ("character", _character),
    ("reward-subject", _reward("subject", "reward-subject", "Reward: a Test Subject",
                               "A Test Subject icon earns one Test Subject from your supply, "
                               "delivered to a new-edge chamber of your choice (never the one "
                               "being activated).")),
    ("reward-cake", _reward("cake", "reward-cake", "Reward: a Cake Slice",
                            "A Cake Slice icon puts one of your Cake Slices into the lab, on "
                            "a new-edge chamber of your choice. Cake in the lab is what "
                            "wins.")),
    ("reward-card", _reward("card", "reward-card", "Reward: an Aperture Card",
                            "An Aperture Card icon gives you the deck's top card, if you hold "
                            "fewer than 3. You can deploy it from your next turn.")),
    # A chamber's icon or a card's action opens these two: the words fit either.
    ("reward-cube", _reward("cube", "reward-cube", "The Companion Cube",
                            "You may place the Companion Cube in any chamber, or leave it "
                            "where it is. A chamber holding the Cube earns nobody anything "
                            "when it is activated: use it to spoil a rival's majority.",
                            icon=False)),
    ("reward-turret", _turret),
    ("recycle", _recycle),
    ("endings", _endings),
)
KEYS = tuple(k for k, _ in RULES)


def tip(state: Any, texts: list[str], seen: set[str] | list[str]) -> Tip | None:
    """The first tip the learner has not seen that fits the decision open now, or None.
    `texts` are the engine's legal actions now, as text. Rewards offered together (a Cake
    Slice and the Turret) are explained together: the learner may collect either first,
    and the other's tip would never come while it is offered."""
    if state is None or state.is_over or state.current_player != FIRST:
        return None
    for i, (key, rule) in enumerate(RULES):
        if key in seen:
            continue
        found = rule(state, texts)
        if found is None:
            continue
        if key.startswith(REWARD):
            offered = [found]
            for k, r in RULES[i + 1:]:
                if k.startswith(REWARD) and k not in seen:
                    other = r(state, texts)
                    if other is not None:
                        offered.append(other)
            if len(offered) > 1:
                return _together(offered)
        return found
    return None


REWARD = "reward-"


def _together(tips: list[Tip]) -> Tip:
    """Several reward tips as one ("Rewards: a Cake Slice, the Turret"); its key names them
    all (`keys`), so each counts as seen."""
    names = [t.title.removeprefix("Reward: ") for t in tips]
    names = [n[0].lower() + n[1:] if n.startswith("The ") else n for n in names]
    points: list[str] = []
    for t in tips:
        points.extend(p for p in t.point if p not in points)
    return Tip("+".join(t.key for t in tips), "Rewards: " + listed(names),
               " ".join(t.text for t in tips), tuple(points))


def keys(tip_key: str) -> list[str]:
    """The tips a shown tip stands for (several rewards shown together)."""
    return tip_key.split("+")


def finished(seen: set[str] | list[str]) -> bool:
    """Whether every tip has been shown (the game then goes on as a normal game)."""
    return all(k in seen for k in KEYS)


def clean_seen(value: Any) -> list[str]:
    """The list of seen tips from a save, keeping only known keys (a save may be damaged)."""
    if not isinstance(value, list):
        return []
    return [k for k in KEYS if k in value]


DONE = Tip("done", "You are on your own now",
           "That was every step of the game. From here it is a normal game: play it out, "
           "and start another with New game when it ends (under More on a phone).")


def new_guide() -> dict[str, Any]:
    """The guide's part of a new guided game's `ui`."""
    return {"seen": [], "open": None, "off": False}


def active(ui: dict[str, Any]) -> bool:
    g = ui.get("guide")
    return isinstance(g, dict) and not g.get("off")


def acted(ui: dict[str, Any]) -> None:
    """The learner acted: the tip on screen has done its job."""
    g = ui.get("guide")
    if isinstance(g, dict):
        g["open"] = None


def leave(ui: dict[str, Any]) -> None:
    g = ui.get("guide")
    if isinstance(g, dict):
        g["off"] = True
        g["open"] = None


def _open_tip(g: dict[str, Any]) -> Tip | None:
    """The tip kept open in a save, checked (a save may be damaged)."""
    o = g.get("open")
    if not isinstance(o, dict):
        return None
    title, text, point = o.get("title"), o.get("text"), o.get("point")
    if not isinstance(title, str) or not isinstance(text, str) or not isinstance(point, list):
        return None
    letters = tuple(p for p in point if isinstance(p, str) and len(p) == 1 and p.isalpha())
    return Tip(str(o.get("key", "")), title[:200], text[:2000], letters)


def next_tip(ui: dict[str, Any], state: Any, texts: list[str]) -> Tip | None:
    """The tip to show now: the one still open, or the first new one that fits; it is
    recorded in `ui["guide"]` as seen and open. None when the coach has nothing to say."""
    if not active(ui):
        return None
    g = ui["guide"]
    kept = _open_tip(g)
    if kept is not None:
        return kept
    seen = clean_seen(g.get("seen"))
    found = tip(state, texts, seen) if texts else None
    if found is None and finished(seen) and not g.get("done_said"):
        g["done_said"] = True
        found = DONE
    if found is None:
        return None
    if found.key != "done":
        seen.extend(k for k in keys(found.key) if k not in seen)
    g["seen"] = seen
    g["open"] = {"key": found.key, "title": found.title, "text": found.text,
                 "point": list(found.point)}
    return found
