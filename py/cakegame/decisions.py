"""The decisions of the game, one class per kind: each holds all there is to know about it.

A decision waiting to be made is a *frame* on the game data's stack (see rules.py): a small
dict whose "k" is its kind and whose "seat" is who decides. For each kind, one class here
says

- `fields`: the frame's saved fields and their types (what `serial.load` checks), and
  `frame(seat)` (or `new(...)` for a kind with more fields), which builds a new frame;
- `effects`: the card effects (`content.Effect`) whose Aperture action opens it;
- `options(d, f)`: its legal actions, in a fixed order ([] lets `rules.settle` drop it);
- `play(d, f, action)`: what a legal action does to the data (through the helpers of
  rules.py, which tell each consequence as an event);
- `prompt(d, f)`: what the player must do, in words; `sentence(...)`: what one of its
  actions does; `refusal(...)`: why an action of its verbs is refused;
- `problem(d, f)`: what makes a saved frame of this kind inconsistent with the game.

`KINDS` maps every frame kind to its class's one instance; `rules.py`, `serial.py` and
`describe.py` dispatch through it, and the bots' tests read the kinds from it. `put` is the
one kind nobody decides (`decided` is False): `rules.settle` resolves it at once.
docs/engine.md walks through adding a card, and a kind, against this table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import events as ev
from . import rules as R
from .actions import Action, Verb, act
from .content import CARD_BY_ID, HAND_LIMIT, ICON_NAMES, PANEL_LETTERS, ROWS, Effect, Icon, Rule
from .words import Said, card_name, chamber, counted, name, rewards, subjects

Data = dict[str, Any]
Frame = dict[str, Any]
SEATED: dict[str, str] = {"seat": "seat"}


class Decision:
    """One kind of decision. Subclasses set the class attributes and override what differs;
    instances hold no state (the frame is the state), so each kind has one instance."""

    kind: ClassVar[str]  # the frame's "k"
    decided: ClassVar[bool] = True  # False: no seat decides (put)
    verbs: ClassVar[tuple[Verb, ...]] = ()  # the verbs of its actions
    effects: ClassVar[tuple[Effect, ...]] = ()  # card effects that open it
    # The saved fields: "seat", "bool", "chamber", "count", "seats", "icons" or "card";
    # a trailing "?" allows None (see serial._frame).
    fields: ClassVar[dict[str, str]] = SEATED
    prompt_text: ClassVar[str] = ""

    def frame(self, seat: int) -> Frame:
        """A new frame of this kind for `seat` (kinds with more fields build theirs with
        their own `new(...)`)."""
        return {"k": self.kind, "seat": seat}

    def open_for(self, seat: int, effect: Effect, frames: list[Frame]) -> None:
        """Add the frame a card's `effect` opens to `frames` (the card's, first one first)."""
        frames.append(self.frame(seat))

    def options(self, d: Data, f: Frame) -> list[Action]:
        """The legal actions of frame `f`, in a fixed order ([]: nothing to decide, and
        `rules.settle` drops the frame)."""
        raise NotImplementedError

    def play(self, d: Data, f: Frame, action: Action) -> None:
        """Carry out `action`, one of `options(d, f)`, in place: pop `f` when it is decided,
        push the frames it opens, change the board through the helpers of rules.py.
        `rules.play` then checks the end and settles."""
        raise NotImplementedError

    def resolve(self, d: Data, f: Frame) -> None:
        """For a kind nobody decides: what `rules.settle` does when it comes to the top."""
        raise NotImplementedError

    def lapse(self, d: Data, f: Frame) -> None:
        """Frame `f` is dropped with nothing left to decide (`rules.settle`): tell what it
        could not do, if players would miss it."""

    def prompt(self, d: Data, f: Frame) -> str:
        """What the player must do, in words ("choose a chamber to activate")."""
        return self.prompt_text

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        """What `a` (one of this kind's verbs) does, from the state before it."""
        return f"{said.who}: {a}"

    def refusal(self, d: Data, f: Frame, a: Action, same: list[Action], who: str) -> str | None:
        """Why `a` is refused in frame `f` though its verb is open (`same`: the legal actions
        with that verb), as a clause ("chamber M is not in the lab"); None: the general
        answer (the choices there are) will do."""
        return None

    def problem(self, d: Data, f: Frame) -> str | None:
        """What makes saved frame `f` (its fields already checked one by one) inconsistent
        with the game `d`; None if nothing does."""
        return None


# ---------------------------------------------------------------- the turn's steps


class Deploy(Decision):
    """The deploy step: deploy cards (for their action or the Portal Gun) until `end`."""

    kind = R.F_DEPLOY
    verbs = (Verb.END, Verb.PLAY, Verb.GUN, Verb.BURN)
    fields = {"seat": "seat", "burned": "bool"}
    prompt_text = "deploy a card, or end deploying"

    def frame(self, seat: int) -> Frame:
        return {"k": self.kind, "seat": seat, "burned": False}

    def prompt(self, d: Data, f: Frame) -> str:
        """With no card to deploy, only Combustible Lemons' burn is on offer: say that."""
        if R.deployable(d, f["seat"]):
            return self.prompt_text
        return "burn one of your Cake Slices (Combustible Lemons), or end deploying"

    def options(self, d: Data, f: Frame) -> list[Action]:
        seat = f["seat"]
        out = []
        for c in R.deployable(d, seat):
            out += [act(Verb.PLAY, c), act(Verb.GUN, c)]
        if R.rule(d) is Rule.BURN and not f["burned"]:
            out += [act(Verb.BURN, R.letter(p)) for p in R.lab_order(d)
                    if d["cake"][p][seat] > 0]
        if out:
            out.append(act(Verb.END))
        return out

    def play(self, d: Data, f: Frame, action: Action) -> None:
        seat, verb, args = f["seat"], action.verb, action.args
        if verb is Verb.END:
            d["stack"].pop()
        elif verb is Verb.BURN:
            p = R.panel_of(args[0])
            d["cake"][p][seat] -= 1
            d["burned"][seat] += 1
            R.tell(d, "cake_incinerated", seat, p, cause=ev.BURN)
            f["burned"] = True
            d["stack"].append(BONUS.frame(seat))
        else:  # PLAY or GUN
            card = args[0]
            gun = verb is Verb.GUN
            d["hands"][seat].remove(card)
            R.tell(d, "card_deployed", seat, card=card, cause=ev.GUN if gun else None)
            d["stack"].append(PUT.new(card))
            if gun:
                d["stack"].append(PORTAL.new(seat, False))
            else:
                d["stack"].extend(reversed(R.effect_frames(seat, CARD_BY_ID[card].effects)))

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        v, who = a.verb, said.who
        if v is Verb.END:
            return f"{who} finishes deploying cards"
        if v is Verb.PLAY:
            c = CARD_BY_ID[a.card or ""]
            return f"{who} deploys {c.name}: {c.action_title}"
        if v is Verb.GUN:
            return f"{who} deploys {said.card} to fire the Portal Gun"
        return f"{who} incinerates one of their Cake Slices in {said.here}"

    def refusal(self, d: Data, f: Frame, a: Action, same: list[Action], who: str) -> str | None:
        if a.verb in (Verb.PLAY, Verb.GUN) and a.args:
            card = a.args[0]
            if card in d["hands"][f["seat"]]:
                return (f"{card_name(card)} arrived this turn and can be deployed from the "
                        "next turn on")
            return f"{who} does not hold {card}"
        return None


class Discard(Decision):
    """A hand above the limit: its owner discards one card (it becomes the Character)."""

    kind = R.F_DISCARD
    verbs = (Verb.DISCARD,)
    prompt_text = f"discard down to {HAND_LIMIT} cards"

    def options(self, d: Data, f: Frame) -> list[Action]:
        return [act(Verb.DISCARD, c) for c in d["hands"][f["seat"]]]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        seat, card = f["seat"], action.args[0]
        hand = d["hands"][seat]
        if hand.index(card) >= len(hand) - d["fresh"][seat]:
            d["fresh"][seat] -= 1
        hand.remove(card)
        d["discard"].append(card)
        R.tell(d, "card_discarded", seat, card=card)
        d["stack"].pop()
        R.new_character(d, card)

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return f"{said.who} discards {said.card}"


class Move(Decision):
    """One group move, in three choices: the source (and, in a forced move, whose
    subjects), the destination, then how many. A move of the move step may earn the bonus."""

    kind = R.F_MOVE
    verbs = (Verb.FROM, Verb.TO, Verb.COUNT)
    effects = (Effect.MOVE, Effect.FORCE)
    fields = {"seat": "seat", "own": "bool", "bonus": "bool", "src": "chamber?",
              "who": "seat?", "dst": "chamber?"}

    def new(self, seat: int, *, own: bool, bonus: bool) -> Frame:
        return {"k": self.kind, "seat": seat, "own": own, "bonus": bonus,
                "src": None, "who": None, "dst": None}

    def open_for(self, seat: int, effect: Effect, frames: list[Frame]) -> None:
        frames.append(self.new(seat, own=effect is Effect.MOVE, bonus=False))

    def options(self, d: Data, f: Frame) -> list[Action]:
        seat = f["seat"]
        if f["src"] is None:
            order = R.lab_order(d)
            if f["own"]:
                return [act(Verb.FROM, R.letter(p)) for p in order if d["sub"][p][seat] > 0]
            return [act(Verb.FROM, R.letter(p), s) for p in order for s in range(d["players"])
                    if s != seat and d["sub"][p][s] > 0]
        if f["dst"] is None:
            return [act(Verb.TO, R.letter(p)) for p in R.move_targets(d, f["src"])]
        most = d["sub"][f["src"]][f["who"]]
        if R.rule(d) is Rule.MAX_TWO:
            most = min(most, 2)
        return [act(Verb.COUNT, k) for k in range(1, most + 1)]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        verb, args = action.verb, action.args
        if verb is Verb.FROM:
            f["src"] = R.panel_of(args[0])
            f["who"] = int(args[1]) if len(args) > 1 else f["seat"]
        elif verb is Verb.TO:
            f["dst"] = R.panel_of(args[0])
        else:  # COUNT
            d["stack"].pop()
            self.start(d, f["seat"], f["who"], f["src"], f["dst"], int(args[0]), f["bonus"])

    @staticmethod
    def start(d: Data, mover: int, who: int, src: int, dst: int, n: int, bonus: bool) -> None:
        """A group leaves `src`; first its owner picks the cake it carries, if there is any."""
        r = R.rule(d)
        if r is not Rule.NO_CARRY and sum(d["cake"][src]) > 0:
            slots = n * (2 if r is Rule.CARRY_TWO else 1)
            d["stack"].append(CARRY.new(who, mover, src, dst, n, slots, bonus))
        else:
            R.finish_group_move(d, mover, who, src, dst, n, [], bonus)

    def prompt(self, d: Data, f: Frame) -> str:
        if f["src"] is None:
            whose = "" if f["own"] else " another division's"
            # A card's own move (no bonus) reads apart from the turn's move step, which
            # follows it with the same words (Tandem Step's second move read as a repeat).
            card = " (the card's move)" if f["own"] and not f["bonus"] else ""
            if f["own"] and f["bonus"] and R.rule(d) is Rule.TWO_MOVES \
                    and d["phase"] == R.MOVE:
                # Overtime's second move read as the first again, as if undone.
                left = sum(1 for g in d["stack"]
                           if g["k"] == R.F_MOVE and g["own"] and g["bonus"])
                card = (" (Overtime: the first of two moves)" if left > 1
                        else " (Overtime: the second move)")
            return f"choose a chamber to move{whose} Test Subjects from{card}"
        if f["dst"] is None:
            return f"choose where the Test Subjects in chamber {PANEL_LETTERS[f['src']]} go"
        return "choose how many Test Subjects move"

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        v, who = a.verb, said.who
        if v is Verb.FROM:
            if a.seat is not None:
                return f"{who} picks {name(d, a.seat)}'s Test Subjects in {said.here}"
            return f"{who} picks their Test Subjects in {said.here}"
        if v is Verb.TO:
            one = f.get("src") is not None and d["sub"][f["src"]][f["who"]] == 1
            return f"{who} sends {'it' if one else 'them'} to {said.here}"
        owner = "" if f.get("who") == f.get("seat") else f" of {name(d, f['who'])}'s"
        return (f"{who} moves {subjects(a.count or 0)}{owner} from chamber "
                f"{PANEL_LETTERS[f['src']]} to {chamber(d, f['dst'])}")

    def refusal(self, d: Data, f: Frame, a: Action, same: list[Action], who: str) -> str | None:
        args = a.args
        if a.verb is Verb.FROM and f.get("src") is None and args and len(args[0]) == 1 \
                and args[0].upper() in PANEL_LETTERS:
            # Why the chamber is no source, then the choices (a newcomer read "from M is not
            # possible now ...; the choices are: ..." and not why: a play-tester).
            p = R.panel_of(args[0])
            letter = args[0].upper()
            if d["pos"][p] is None:
                return f"chamber {letter} is not in the lab"
            if f["own"] and d["sub"][p][f["seat"]] == 0:
                return f"{who} has no Test Subjects in chamber {letter} to move"
            if not f["own"] and not any(d["sub"][p][s] for s in range(d["players"])
                                        if s != f["seat"]):
                return f"no other division has Test Subjects in chamber {letter}"
            return None
        if a.verb is Verb.TO and f.get("src") is not None and args:
            dst = R.panel_of(args[0])
            if dst == f["src"]:
                return "the Test Subjects must leave their chamber"
            if d["pos"][dst] is None:
                return f"chamber {args[0].upper()} is not in the lab"
            return (f"chamber {args[0].upper()} is not adjacent to chamber "
                    f"{PANEL_LETTERS[f['src']]}")
        if a.verb is Verb.COUNT:
            return f"at most {subjects(len(same))} can move from there"
        return None

    def problem(self, d: Data, f: Frame) -> str | None:
        if (f["src"] is None) != (f["who"] is None):
            return "a move's source and its owner are chosen together"
        if f["dst"] is not None and f["src"] is None:
            return "a move's destination is set before its source"
        if f["src"] is not None and d["sub"][f["src"]][f["who"]] < 1:
            return "the chosen group has no Test Subjects in its chamber"
        return None


class Carry(Decision):
    """A moving group's owner picks, one at a time, the Cake Slices it carries along."""

    kind = R.F_CARRY
    verbs = (Verb.CARRY,)
    fields = {"seat": "seat", "mover": "seat", "src": "chamber", "dst": "chamber",
              "n": "count", "slots": "count", "picks": "seats", "bonus": "bool"}
    prompt_text = "choose the Cake Slice a moving Test Subject carries"

    def new(self, seat: int, mover: int, src: int, dst: int, n: int, slots: int,
            bonus: bool) -> Frame:
        return {"k": self.kind, "seat": seat, "mover": mover, "src": src, "dst": dst,
                "n": n, "slots": slots, "picks": [], "bonus": bonus}

    def prompt(self, d: Data, f: Frame) -> str:
        """Asked of a division whose Test Subjects another player moves (a card's action),
        it also says who moves them, by what, and from where to where."""
        if f["mover"] == f["seat"]:
            return self.prompt_text
        card = R.card_in_play(d)
        by = name(d, f["mover"]) + (f"'s {CARD_BY_ID[card].action_title}" if card else "")
        return (f"{self.prompt_text} ({by} moves {f['n']} of your Test Subjects from "
                f"{PANEL_LETTERS[f['src']]} to {PANEL_LETTERS[f['dst']]})")

    def options(self, d: Data, f: Frame) -> list[Action]:
        left = [d["cake"][f["src"]][s] - f["picks"].count(s) for s in range(d["players"])]
        return [act(Verb.CARRY, s) for s in range(d["players"]) if left[s] > 0] + [
            act(Verb.CARRY, "none")]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        if action.args[0] == "none":
            f["slots"] = 0
        else:
            f["picks"].append(int(action.args[0]))
            f["slots"] -= 1
        left = sum(d["cake"][f["src"]]) - len(f["picks"])
        if f["slots"] == 0 or left == 0:
            d["stack"].pop()
            R.finish_group_move(d, f["mover"], f["seat"], f["src"], f["dst"], f["n"],
                                f["picks"], f["bonus"])

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        if a.seat is None:
            if f["n"] == 1:
                return f"{said.who}'s moving Test Subject carries no Cake Slice"
            more = " more" if f["picks"] else ""  # none picked yet: they carry none at all
            return f"{said.who}'s moving Test Subjects carry no{more} Cake Slices"
        whose = "their own" if a.seat == f.get("seat") else f"{name(d, a.seat)}'s"
        return f"{said.who}'s Test Subject carries one of {whose} Cake Slices"

    def problem(self, d: Data, f: Frame) -> str | None:
        if not 1 <= f["n"] <= d["sub"][f["src"]][f["seat"]]:
            return "the moving group is not in its chamber"
        if f["src"] == f["dst"]:
            return "a group moves to another chamber"
        for s in set(f["picks"]):
            if f["picks"].count(s) > d["cake"][f["src"]][s]:
                return "more cake is carried than the chamber holds"
        return None


class Bonus(Decision):
    """A single Test Subject moved (or Combustible Lemons' burn): a free subject or a card."""

    kind = R.F_BONUS
    verbs = (Verb.BONUS,)
    prompt_text = "take a free Test Subject or an Aperture Card"

    def options(self, d: Data, f: Frame) -> list[Action]:
        seat = f["seat"]
        out = [act(Verb.BONUS, "card")] if R.can_take_card(d, seat) else []
        if d["supply"][seat] > 0:
            out += [act(Verb.BONUS, "subject", R.letter(p)) for p in R.delivery_targets(d)]
        return out

    def play(self, d: Data, f: Frame, action: Action) -> None:
        d["stack"].pop()
        # Under it, the deploy step that burnt a Cake Slice for it (Combustible Lemons), or
        # not: the two are told apart ("+2 cards as a bonus" had counted a burn's card).
        under = d["stack"][-1] if d["stack"] else None
        cause = (ev.LEMONS if under is not None and under["k"] == DEPLOY.kind
                 and under.get("burned") else ev.BONUS)
        if action.args[0] == "card":
            R.take_card(d, f["seat"], cause)
        else:
            R.deliver_subject(d, f["seat"], R.panel_of(action.args[1]), cause)

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        if a.bonus == "card":
            return f"{said.who} takes an Aperture Card as a bonus"
        return f"{said.who} takes a free Test Subject into {said.here}"


class Activate(Decision):
    """The activate step: GLaDOS into an old-edge chamber; its majority is rewarded, then
    the chamber is recycled."""

    kind = R.F_ACTIVATE
    verbs = (Verb.ACTIVATE,)
    prompt_text = "choose an old-edge chamber to activate"

    def prompt(self, d: Data, f: Frame) -> str:
        """Under Brilliant Plan the activation comes before the move: say so (the move
        step looked skipped)."""
        if R.rule(d) is Rule.ACTIVATE_FIRST and d["phase"] == R.ACTIVATE \
                and R.MOVE not in d["done"]:
            return f"{self.prompt_text} (Brilliant Plan: before moving)"
        return self.prompt_text

    def options(self, d: Data, f: Frame) -> list[Action]:
        return [act(Verb.ACTIVATE, R.letter(p)) for p in R.activatable(d)]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        p = R.panel_of(action.args[0])
        d["glados"] = p
        d["stack"].pop()
        d["stack"].append(RECYCLE.frame(f["seat"]))
        winner = R.rewarded(d, p)
        if winner is not None:
            R.tell(d, "majority", winner, p,
                   cause=ev.FEWEST if R.rule(d) is Rule.FEWEST else None)
            d["stack"].append(REWARD.new(winner, R.reward_icons(d, p)))
        elif not any(d["sub"][p]):
            R.tell(d, "no_majority", chamber=p, cause="empty")
        elif d["cube"] == p and R.rule(d) is not Rule.CUBE_HARMLESS:
            R.tell(d, "no_majority", chamber=p, cause="blocked")
        else:
            R.tell(d, "no_majority", chamber=p, cause="tie")

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return f"{said.who} activates {said.here}"

    def refusal(self, d: Data, f: Frame, a: Action, same: list[Action], who: str) -> str | None:
        if not a.args:
            return None
        p = R.panel_of(a.args[0])
        if p not in R.lab(d).old_edge:
            return "only chambers on the old edge can be activated"
        return f"picking up chamber {a.args[0].upper()} would break the lab in two"


class Reward(Decision):
    """Icons to collect, in the order their player likes: an activated chamber's rewards,
    or a card's reward-like effects (consecutive ones share one frame)."""

    kind = R.F_REWARD
    verbs = (Verb.SUBJECT, Verb.CAKE, Verb.CARD, Verb.CUBE, Verb.TURRET)
    ICONS: ClassVar[dict[Effect, Icon]] = {
        Effect.SUBJECT: Icon.SUBJECT, Effect.CAKE: Icon.CAKE, Effect.CARD: Icon.CARD,
        Effect.CUBE: Icon.CUBE, Effect.TURRET: Icon.TURRET}
    ICON_OF_VERB: ClassVar[dict[Verb, Icon]] = {
        Verb.SUBJECT: Icon.SUBJECT, Verb.CAKE: Icon.CAKE, Verb.CARD: Icon.CARD,
        Verb.CUBE: Icon.CUBE, Verb.TURRET: Icon.TURRET}
    effects = tuple(ICONS)
    fields = {"seat": "seat", "icons": "icons"}
    # What each icon asks for, when a card's action (not an activation) pays it: one, more.
    CARD_TASKS: ClassVar[dict[Icon, tuple[str, str]]] = {
        Icon.SUBJECT: ("deliver a Test Subject", "deliver {n} Test Subjects"),
        Icon.CAKE: ("deliver a Cake Slice", "deliver {n} Cake Slices"),
        Icon.CARD: ("take an Aperture Card", "take {n} Aperture Cards"),
        Icon.CUBE: ("place the Companion Cube", "place the Companion Cube"),
        Icon.TURRET: ("move the Turret", "move the Turret up to {n} steps"),
    }

    def new(self, seat: int, icons: str) -> Frame:
        return {"k": self.kind, "seat": seat, "icons": icons}

    def open_for(self, seat: int, effect: Effect, frames: list[Frame]) -> None:
        icon = self.ICONS[effect].value
        if frames and frames[-1]["k"] == self.kind:
            frames[-1]["icons"] += icon
        else:
            frames.append(self.new(seat, icon))

    def options(self, d: Data, f: Frame) -> list[Action]:
        seat = f["seat"]
        out: list[Action] = []
        for code in dict.fromkeys(f["icons"]):
            if code == Icon.SUBJECT.value and d["supply"][seat] > 0:
                out += [act(Verb.SUBJECT, R.letter(p)) for p in R.delivery_targets(d)]
            elif code == Icon.CAKE.value and d["cake_supply"][seat] > 0:
                out += [act(Verb.CAKE, R.letter(p)) for p in R.delivery_targets(d)]
            elif code == Icon.CARD.value and R.can_take_card(d, seat):
                out.append(act(Verb.CARD))
            elif code == Icon.CUBE.value:
                out += [act(Verb.CUBE, R.letter(p)) for p in R.lab_order(d) if p != d["cube"]]
                out.append(act(Verb.CUBE, "stay"))
            elif code == Icon.TURRET.value:
                t = d["turret"]
                if t is None:
                    out += [act(Verb.TURRET, R.letter(p)) for p in R.delivery_targets(d)]
                else:
                    out += [act(Verb.TURRET, R.letter(p)) for p in R.lab(d).neighbours[t]]
                    out.append(act(Verb.TURRET, "stay"))
        return out

    def lapse(self, d: Data, f: Frame) -> None:
        # Test Subjects or Cake Slices owed and none left: said, or a card's action (Corporate
        # Bonus with the supply empty) would seem to do nothing at all.
        seat = f["seat"]
        for icon, key, kind in ((Icon.SUBJECT, "supply", "subjects_none_left"),
                                (Icon.CAKE, "cake_supply", "cake_none_left")):
            owed = f["icons"].count(icon.value)
            if owed and d[key][seat] == 0:
                R.tell(d, kind, seat, count=owed, cause=R.card_in_play(d) or ev.REWARD)

    def play(self, d: Data, f: Frame, action: Action) -> None:
        verb, args = action.verb, action.args
        seat = f["seat"]
        cause = R.card_in_play(d) or ev.REWARD
        f["icons"] = f["icons"].replace(self.ICON_OF_VERB[verb].value, "", 1)
        if not f["icons"]:
            d["stack"].pop()
        if verb is Verb.SUBJECT:
            R.deliver_subject(d, seat, R.panel_of(args[0]), cause)
        elif verb is Verb.CAKE:
            p = R.panel_of(args[0])
            d["cake_supply"][seat] -= 1
            d["cake"][p][seat] += 1
            R.tell(d, "cake_in", seat, p, cause=cause)
        elif verb is Verb.CARD:
            R.take_card(d, seat, cause)
        elif verb is Verb.CUBE:
            if args[0] != "stay":
                R.tell(d, "cube", chamber=d["cube"], to=R.panel_of(args[0]), cause=cause)
                d["cube"] = R.panel_of(args[0])
        elif args[0] != "stay":  # TURRET
            R.place_turret(d, R.panel_of(args[0]), cause)

    def prompt(self, d: Data, f: Frame) -> str:
        icons = f["icons"]
        # Under a card being carried out (its put frame), the icons are that card's action.
        card = R.card_in_play(d)
        if card is not None:
            tasks = [self.CARD_TASKS[Icon(c)][n > 1].format(n=n)
                     for c in dict.fromkeys(icons) if (n := icons.count(c))]
            return f"carry out {CARD_BY_ID[card].action_title} ({', '.join(tasks)})"
        # Counted, so a doubled icon (Surprise!, Cake Facts) reads "4 Test Subjects"; and a
        # supply that cannot give them all says so, briefly (a phone shows the prompt in two
        # lines): the thing is named unless the rewards are all of that kind.
        seat = f["seat"]
        short = []
        for icon, left in ((Icon.SUBJECT, d["supply"][seat]), (Icon.CAKE, d["cake_supply"][seat])):
            if icons.count(icon.value) <= left:
                continue
            thing = ICON_NAMES[icon]
            if set(icons) == {icon.value}:
                short.append("none left" if left == 0 else f"only {left} left")
            else:
                short.append(f"no {thing}s left" if left == 0
                             else f"only {counted(left, thing)} left")
        # An activation's rewards name their chamber, and, when they fall in another
        # player's turn, whose turn it is (who activated it): the prompt is all a player may
        # see of why. Kept short: on a phone a second line of status moves the lab.
        lead = "collect rewards"
        below = d["stack"][-2] if len(d["stack"]) > 1 else None
        if below is not None and below["k"] == R.F_RECYCLE and d["glados"] is not None:
            lead = f"collect {PANEL_LETTERS[d['glados']]}'s rewards"
            if below["seat"] != seat:
                lead += f" ({name(d, below['seat'])}'s turn)"
        return f"{lead}: " + rewards(icons) + "".join(f" ({w})" for w in short)

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        v, who = a.verb, said.who
        if v is Verb.SUBJECT:
            return f"{who} delivers a Test Subject to {said.here}"
        if v is Verb.CAKE:
            return f"{who} delivers a Cake Slice to {said.here}"
        if v is Verb.CARD:
            return f"{who} takes an Aperture Card"
        if v is Verb.CUBE:
            if a.passes:
                return f"{who} leaves the Companion Cube where it is"
            return f"{who} places the Companion Cube in {said.here}"
        return turret_sentence(a, said)


def turret_sentence(a: Action, said: Said) -> str:
    """`turret <chamber>` / `turret stay`, as a reward or as a card's action."""
    if a.passes:
        return f"{said.who} leaves the Turret where it is"
    return f"{said.who} puts the Turret in {said.here}"


# ---------------------------------------------------------------- cards' own actions


class Portal(Decision):
    """Both Portal tokens placed anew, one choice each: the Portal Gun (not on the old
    edge; a token may stay where it was) or Two Holes (anywhere)."""

    kind = R.F_PORTAL
    verbs = (Verb.PORTAL,)
    effects = (Effect.PORTALS_ANY,)
    fields = {"seat": "seat", "first": "chamber?", "any": "bool"}

    def new(self, seat: int, anywhere: bool) -> Frame:
        return {"k": self.kind, "seat": seat, "first": None, "any": anywhere}

    def open_for(self, seat: int, effect: Effect, frames: list[Frame]) -> None:
        frames.append(self.new(seat, True))

    def options(self, d: Data, f: Frame) -> list[Action]:
        layout = R.lab(d)
        places = layout.order if f["any"] else layout.off_old_edge
        return [act(Verb.PORTAL, R.letter(p)) for p in places if p != f["first"]]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        p = R.panel_of(action.args[0])
        if f["first"] is None:
            f["first"] = p
        else:
            d["portals"] = [f["first"], p]
            R.tell(d, "portal", f["seat"], f["first"], p,
                   cause=R.card_in_play(d) if f["any"] else ev.GUN)
            d["stack"].pop()

    def prompt(self, d: Data, f: Frame) -> str:
        return "place the first Portal token" if f["first"] is None else \
            "place the second Portal token"

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return f"{said.who} places a Portal in {said.here}"


class Shift(Decision):
    """One Portal token moves to a chamber off the old edge."""

    kind = R.F_SHIFT
    verbs = (Verb.SHIFT,)
    effects = (Effect.SHIFT,)
    prompt_text = "move a Portal token"

    def options(self, d: Data, f: Frame) -> list[Action]:
        layout = R.lab(d)
        portals = sorted(d["portals"], key=layout.rank.__getitem__)
        return [act(Verb.SHIFT, R.letter(a), R.letter(b)) for a in portals
                for b in layout.off_old_edge if b not in portals]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        a, b = R.panel_of(action.args[0]), R.panel_of(action.args[1])
        d["portals"][d["portals"].index(a)] = b
        R.tell(d, "portal", f["seat"], d["portals"][0], d["portals"][1],
               cause=R.card_in_play(d))
        d["stack"].pop()

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return f"{said.who} moves the Portal in chamber {a.chamber} to {said.there}"


class TurretAny(Decision):
    """The Turret into any chamber off the old edge (a card's action)."""

    kind = R.F_TURRET_ANY
    verbs = (Verb.TURRET,)
    effects = (Effect.TURRET_ANY,)
    prompt_text = "put the Turret in a chamber"

    def options(self, d: Data, f: Frame) -> list[Action]:
        return [act(Verb.TURRET, R.letter(p)) for p in R.lab(d).off_old_edge
                if p != d["turret"]]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        d["stack"].pop()
        R.place_turret(d, R.panel_of(action.args[0]), R.card_in_play(d))

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return turret_sentence(a, said)


class Fire(Decision):
    """The Turret fires into a chamber next to it: everyone there is destroyed."""

    kind = R.F_FIRE
    verbs = (Verb.FIRE,)
    effects = (Effect.FIRE,)
    prompt_text = "choose the chamber the Turret fires into"

    def options(self, d: Data, f: Frame) -> list[Action]:
        t = d["turret"]
        if t is None or R.rule(d) is Rule.TURRET_DISARMED:
            return []
        return [act(Verb.FIRE, R.letter(p)) for p in R.lab(d).neighbours[t]]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        d["stack"].pop()
        p = R.panel_of(action.args[0])
        R.tell(d, "turret_fired", f["seat"], p, cause=R.card_in_play(d))
        R.destroy_all(d, p, ev.FIRE)

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        return f"{said.who} has the Turret fire into {said.here}"


class Destroy(Decision):
    """One Test Subject destroyed, in a chamber where the decider has subjects."""

    kind = R.F_DESTROY
    verbs = (Verb.DESTROY,)
    effects = (Effect.DESTROY,)
    prompt_text = "choose a Test Subject to destroy"

    def options(self, d: Data, f: Frame) -> list[Action]:
        seat, n = f["seat"], d["players"]
        return [act(Verb.DESTROY, R.letter(p), s) for p in R.lab_order(d)
                if d["sub"][p][seat] > 0 for s in range(n) if d["sub"][p][s] > 0]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        d["stack"].pop()
        p, s = R.panel_of(action.args[0]), int(action.args[1])
        d["sub"][p][s] -= 1
        d["supply"][s] += 1
        R.tell(d, "subjects_destroyed", s, p, cause=R.card_in_play(d))

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        if (a.seat or 0) == f["seat"]:
            return f"{said.who} destroys one of their own Test Subjects in {said.here}"
        return f"{said.who} destroys a Test Subject of {name(d, a.seat or 0)} in {said.here}"


# ---------------------------------------------------------------- the end of an activation


class Recycle(Decision):
    """The activated chamber leaves its row, flipped, for the new edge of a row."""

    kind = R.F_RECYCLE
    verbs = (Verb.RECYCLE,)
    prompt_text = "choose the row that receives the recycled chamber"

    def options(self, d: Data, f: Frame) -> list[Action]:
        return [act(Verb.RECYCLE, ROWS[r]) for r in R.recycle_rows(d)]

    def play(self, d: Data, f: Frame, action: Action) -> None:
        d["stack"].pop()
        R.recycle(d, ROWS.index(action.args[0]))

    def refusal(self, d: Data, f: Frame, a: Action, same: list[Action], who: str) -> str | None:
        """A row left out, and the house rule that leaves it out: a player offered one row
        alone saw no reason for it."""
        if not a.args or a.args[0] not in ROWS:
            return None
        g = d["glados"]
        home = d["pos"][g][0]
        after = [[q for q in row if q != g] for row in R.lab(d).rows]
        if not after[home]:
            return (f"chamber {PANEL_LETTERS[g]} was the only chamber of the {ROWS[home]} row, "
                    "and a row is never left empty")
        short = [ROWS[r] for r in range(3) if len(after[r]) < 3]
        rows = " and ".join(f"the {r} row" for r in short)
        has = "has" if len(short) == 1 else "have"
        return (f"{rows} {has} fewer than 3 chambers, and a recycled chamber must go to "
                "such a row")

    def sentence(self, d: Data, f: Frame, a: Action, said: Said) -> str:
        g = d["glados"]
        what = f"chamber {PANEL_LETTERS[g]}" if g is not None else "the chamber"
        return f"{said.who} recycles {what} into the {a.row} row"


class Put(Decision):
    """Not a decision: a deployed card waits under its effects' frames, and goes onto the
    discard pile (its Character rules from then on) once they are done."""

    kind = R.F_PUT
    decided = False
    fields = {"card": "card"}

    def new(self, card: str) -> Frame:
        return {"k": self.kind, "card": card}

    def options(self, d: Data, f: Frame) -> list[Action]:
        return []

    def resolve(self, d: Data, f: Frame) -> None:
        """What `rules.settle` does when this frame comes to the top."""
        d["stack"].pop()
        d["discard"].append(f["card"])
        R.new_character(d, f["card"])
        R.check_end(d)


# The one instance of each kind, and the tables that find them.
DEPLOY, DISCARD, PORTAL, SHIFT = Deploy(), Discard(), Portal(), Shift()
MOVE, CARRY, BONUS, ACTIVATE = Move(), Carry(), Bonus(), Activate()
REWARD, TURRET_ANY, FIRE, DESTROY = Reward(), TurretAny(), Fire(), Destroy()
RECYCLE, PUT = Recycle(), Put()

KINDS: dict[str, Decision] = {k.kind: k for k in (
    DEPLOY, DISCARD, PORTAL, SHIFT, MOVE, CARRY, BONUS, ACTIVATE, REWARD, TURRET_ANY, FIRE,
    DESTROY, RECYCLE, PUT)}
# The kind whose sentences tell a verb's actions (`turret` is both a reward's and
# TurretAny's: the first listed tells it, and they say the same).
BY_VERB: dict[Verb, Decision] = {}
for _k in KINDS.values():
    for _v in _k.verbs:
        BY_VERB.setdefault(_v, _k)
# The kind a card's effect opens.
BY_EFFECT: dict[Effect, Decision] = {e: k for k in KINDS.values() for e in k.effects}
