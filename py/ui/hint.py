"""'Suggest a move': the hard computer player's choice for the person whose turn it is.

The button asks `hard` to think for the seat now deciding, with the page's bot budget and
in the same slices as a computer player (`bots_bridge`), so the page keeps answering. Its
choice is then shown on the board (the chambers it names, and the button that plays it,
get `data-hint`; the rest of its turn plan `data-hint="plan"`) with a sentence on why,
drawn from what the bot evaluated (`cakegame.bots.explain`). Playing it is the player's
own click. The hints asked in a game are counted and shown in the game-over dialog. The
hint never decides anything: whatever it names is one of the engine's legal actions for
the open decision.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window

from . import bots_bridge, labels
from .dom import found, nothing_focused

HINT_LEVEL = "hard"
CARD_VERBS = {"play", "gun"}  # a suggestion of these may go on with the card's own choices
TITLE = "Ask the hard computer player what it would do now (H)"


class Hints:
    """The hint button of one page: asks, shows, counts."""

    def __init__(self, app: Any) -> None:
        self.app = app
        # (state, action, the chambers it names, the other chambers of its plan)
        self.shown: tuple[Any, str, list[str], list[str]] | None = None
        self.asking: Any = None  # the state a hint is being worked out for
        self.by_key = False  # that hint was asked with the H key
        # The turn plan of the last suggestion, while the player follows it: the state its
        # next step is awaited in, the steps still to come (`explain.plan_steps`), and the
        # plan in words.
        self.plan: tuple[Any, list[tuple[str, str]], str] | None = None
        self.said = ""  # the sentence of the suggestion shown
        self.counted_for: Any = None  # the state the last hint counted was asked in
        self.card_on = False  # the suggestion shown goes on with a card's own choices

    def wire(self) -> None:
        """Hook the button (call once at start-up)."""
        self.app._on("btn-hint", "click", lambda e: self.ask())

    @property
    def count(self) -> int:
        """Hints asked in this game: kept with the game (`session.ui["hints"]`), so a
        reload or a resumed save keeps the count."""
        n = self.app.session.ui.get("hints", 0)
        return n if type(n) is int and n >= 0 else 0

    def reset(self) -> None:
        """A new (or resumed) game: no hint shown (the count is the game's own)."""
        self.shown = None
        self.asking = None
        self.plan = None
        self.card_on = False

    def why_not(self) -> str:
        """Why no hint can be asked now ("" if one can): the button's title when it is off."""
        app = self.app
        s = app.state
        if s is None or s.is_over:
            return "The game is over: nothing to suggest"
        if not app.session.is_human(s.current_player):
            return "A computer player decides now"
        if self.asking is not None:
            return "Thinking about a suggestion…"
        if app.confirming is not None:
            # Not while a turn-ending choice waits for its confirmation: the decision is made.
            return "Your choice is made: confirm it, or take it back"
        if app.session.needs_curtain(s.current_player):
            return "Once the device is passed on"
        return ""

    def ask(self, by_key: bool = False) -> None:
        """Work out a suggestion for the person deciding now (the button, or the H key)."""
        s = self.app.state
        why = self.why_not()
        if s is None or why:
            if by_key:
                # The key answers in words, as `u` does (it was silent: a keyboard
                # play-tester pressed it in a computer's turn and heard nothing).
                self.app.access.say(f"No suggestion now: {why[0].lower()}{why[1:].rstrip('…')}.")
            return
        self.by_key = by_key
        if self.shown is not None and self.shown[0] is s:
            # The suggestion on the board (a step of a plan followed, say), said again, and
            # told aloud again, which the unchanged notice was not. Counted once a decision:
            # a keyboard play-tester's game-over said 246 hints, most of them one asked again.
            self._counted(s)
            self._present(self.said)
            self.app.access.say(self.said)
            return
        if self.plan is not None and self.plan[0] is s and self._go_on(s, asked=True):
            return
        self.asking = s
        asyncio.ensure_future(self._think(s))

    async def _think(self, s: Any, card_on: bool = False) -> None:
        from cakegame.bots.explain import (
            chambers_of,
            explain,
            plan_chambers,
            plan_steps,
            plan_words,
        )

        self.app.texts.prop("btn-hint", "disabled", True)
        self.app.notice("Thinking about a suggestion…")
        window.performance.mark("hint-start")
        await asyncio.sleep(0)
        seed = (s.seed * 1_000_003 + s.turn_number * 7919 + 17) % (2**31)
        thinker = bots_bridge.thinker(s.view(s.current_player), HINT_LEVEL, seed)
        while not thinker.step(1000, slice_s=bots_bridge.SLICE_S):
            await asyncio.sleep(0)
            if self.app.state is not s:
                break
        window.performance.measure("bot hint", "hint-start")
        self.asking = None
        if self.app.state is not s:  # the game moved on while it was thinking
            self.app.render()
            return
        if self.app.confirming is not None:
            # The player made the choice meanwhile and is confirming it: a hint now would
            # answer a question already answered.
            self.app.notice("")
            self.app.render()
            return
        action = thinker.best()
        text = explain(thinker)
        if card_on:
            # Not asked: the card suggested goes on, as hard's trial games played it on.
            text = text.replace("Suggested: ", "Suggested, as the card's action goes on: ", 1)
        else:
            self._counted(s)
        text += self._ending(s, str(action), text)
        self.card_on = card_on or action.verb.value in CARD_VERBS
        self.shown = (s, str(action), chambers_of(action), plan_chambers(thinker))
        steps = plan_steps(thinker)
        if steps:
            self.plan = (s, steps, plan_words(thinker))
        elif self.plan is None or self.plan[0] is not s:
            self.plan = None
        # else: a decision the plan being followed does not make (a bonus, say) was asked
        # about: the plan goes on after it.
        self._present(text)

    def _present(self, text: str) -> None:
        """Redraw with the suggestion shown (`self.shown`) marked, and say it."""
        assert self.shown is not None
        self.said = text
        if self.app.selected is not None and self.app.selected not in self.shown[2]:
            # A half-made choice elsewhere (a Portal picked to move): set it aside, so the
            # suggestion is on the board to play (it pointed at a chamber that was no choice).
            self.app.selected = None
            text = f"Your half-made choice is set aside. {text}"
        self.app.render()
        self._show(text)

    def _ending(self, s: Any, action: str, said: str) -> str:
        """A sentence for a suggestion that ends the game at once, when what it says does
        not tell it already: the page asked "this ends the game" only in the confirm bar,
        after the player had chosen it (a Neurotoxin suggested, say: a play-tester)."""
        if "ends the game" in said:
            return ""
        after = self.app.session.would_leave(action)
        if after is None or not after.is_over or after.outcome is None:
            return ""
        o, seat = after.outcome, s.current_player
        if seat not in o.winners:
            return " " + labels.losing_warning(o, s.names, seat)
        return f" This ends the game at once, and {labels.result_for(o, s.names, seat)}."

    def _counted(self, s: Any) -> None:
        """One more hint asked, unless one was counted in the same state already."""
        if s is self.counted_for:
            return
        self.counted_for = s
        self.app.session.ui["hints"] = self.count + 1
        self.app.saver.now()

    def _show(self, text: str) -> None:
        """Put the suggestion shown (`self.shown`) in view and say it."""
        assert self.shown is not None
        if self.shown[2]:
            # the suggested chamber in view, though the lab is wider than its panel
            labview = self.app.labview
            labview.follow(tuple(self.shown[2]), labview.choices)
        self.app.notice(text)
        # Asked from the keyboard (the button, which went off while thinking, or H): the
        # suggestion takes the focus, so Enter plays it.
        if self.by_key or nothing_focused() or document.activeElement.id == "btn-hint":
            self.app.access.focus_action(self.shown[1], self.shown[2][0] if self.shown[2]
                                         else None)

    def followed(self, before: Any, text: str, now: Any) -> None:
        """The player took `text` in `before`, reaching `now`: while that was the plan's
        next step (or a decision the plan does not make, a cake to carry say), the plan
        goes on, and its next step, once it is the decision open, is shown at once."""
        plan = self.plan
        self.plan = None
        if self._card_goes_on(before, text, now):
            return
        if plan is None or plan[0] is not before or now.is_over:
            return
        from cakegame import Action
        from cakegame.bots.explain import next_step

        taken = Action.parse(text)
        steps = plan[1]
        step = next_step(steps, [taken])
        suggested = self.shown is not None and self.shown[0] is before and self.shown[1] == text
        if step is not None:
            steps = steps[step[0]:]
        elif suggested:
            pass  # the suggestion itself (a card deployed first, say): the plan is ahead
        elif (taken.verb.value in {"end", "play", "gun"}
              or any(verb == taken.verb.value for verb, _ in steps)):
            return  # the player went another way: the plan is theirs no longer
        if not steps or now.current_player != before.current_player:
            return
        self.plan = (now, steps, plan[2])
        self._go_on(now, asked=False)

    def _card_goes_on(self, before: Any, text: str, now: Any) -> bool:
        """The player took a suggested card (deployed, or fired as the Portal Gun) or one of
        its choices, and the card asks them more (where the Portals go, say): the next
        choice is suggested at once, without being asked or counted, as hard's trial games
        played it (a play-tester, told to fire the Gun, was told nothing of where). Whether
        it was."""
        shown = self.shown
        if not (self.card_on and shown is not None and shown[0] is before
                and shown[1] == text):
            return False
        self.card_on = False
        if (now.is_over or now.current_player != before.current_player
                or now.turn_number != before.turn_number
                or now.decision in ("deploy", "move")):
            return False  # the card is done: the next step is the player's to ask about
        self.asking = now
        asyncio.ensure_future(self._think(now, card_on=True))
        return True

    def _go_on(self, s: Any, asked: bool) -> bool:
        """Show the plan's next step if it is the decision open in `s`; whether it was."""
        from cakegame.bots.explain import chambers_of, next_step, said_to_you

        assert self.plan is not None
        _, steps, words = self.plan
        step = next_step(steps, s.legal_actions())
        if step is None:
            return False
        used, action = step
        rest = steps[used:]
        self.plan = (s, rest, words)
        if asked:
            self._counted(s)
        view = s.view(s.current_player)
        own = chambers_of(action)
        # The plan's chambers to come (a count, a seat, a row name no chamber).
        others = [arg for _verb, arg in rest if len(arg) == 1 and arg.isupper()
                  and arg not in own]
        self.shown = (s, str(action), own, list(dict.fromkeys(others)))
        said = f"Suggested, as the plan goes on: {said_to_you(view, action)}."
        ending = self._ending(s, str(action), said)
        text = f"{said} {words}.{ending}"
        if asked:
            self._present(text)
        else:  # within the player's own action, which redraws the board next
            # The step alone: the plan was told when it was asked for (read out whole again
            # at each step, 250 characters a step, to a screen-reader play-tester); H at
            # this decision tells it whole.
            self.said = text
            self.app.notice(said + ending)
        return True

    def after_render(self) -> None:
        """Keep the button and the marks in step with the state (called by each redraw)."""
        app = self.app
        s = app.state
        why = self.why_not()
        app.texts.prop("btn-hint", "disabled", bool(why))
        app.texts.prop("btn-hint", "title", why or TITLE)
        for el in _all("[data-hint]"):
            el.removeAttribute("data-hint")
        if self.shown is None or self.shown[0] is not s:
            self.shown = None
            return
        _, action, letters, plan = self.shown
        for mark, group in (("", letters), ("plan", plan)):
            for letter in group:
                for el in _all(f'#chambers .chamber[data-letter="{letter}"]'):
                    el.setAttribute("data-hint", mark)
        for el in _all("[data-action]"):  # a chamber or a button that plays it
            if el.getAttribute("data-action") == action:
                el.setAttribute("data-hint", "")

    def gameover_text(self) -> str:
        n = self.count
        return ("No hints were asked for." if n == 0 else
                f"{n} hint{'s were' if n > 1 else ' was'} asked for (“Suggest a move”).")


def _all(selector: str) -> list[Any]:
    found_list = window.document.querySelectorAll(selector)
    return [found_list.item(i) for i in range(found_list.length) if found(found_list.item(i))]
