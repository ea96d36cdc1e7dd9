"""The page's panels around the lab: status, choices, divisions, piles, hand and log.

Each panel is drawn from the engine's state (and the session's seats and log) only, and
each keeps a key of what it shows so an unchanged panel costs no DOM call. Lists are built
as one string of escaped markup (`dom.markup`) and inserted with one call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cakegame.content import CARD_BY_ID
from pyodide.ffi import create_proxy
from pyscript import document, window

from . import endwatch, eventlog, labels, later, saves, targets
from .dom import Texts, by_id, found, h, js_object, markup
from .eventlog import SINCE_PART
from .session import Session

LONG_STATUS = 50  # characters: a longer status line is set smaller on a desktop (css/game.css)
# The word for pressing a chamber, by how the player last pressed something (App sets it):
# "tap" on a touch screen, "pick" from the keyboard, "click" with a mouse.
press_word = "click"

# The first steps of a group's move ("picks their Test Subjects in H", "sends them to O"):
# the log shows them while the move is under way; once its last step says the whole move
# ("moves 2 Test Subjects from chamber H to chamber O") they are hidden (css/game.css), so a
# move is one line of the log, not three.
LOG_STEPS = frozenset({"from", "to"})


def card_side(card: Any, side: str, caption: str) -> str:
    """One side of a card, as markup."""
    if side == "action":
        title, text = f"{card.name}: {card.action_title}", card.action_text
    else:
        title, text = f"{card.name}: {card.character_title}", card.character_text
    return markup("div", None, f"card-side {side}",
                  inner=markup("p", caption, "caption") + markup("p", title, "card-title")
                  + markup("p", text, "card-text"))


def card_sides(card: Any) -> str:
    """Both sides of a card, as the hand shows them, as markup."""
    return card_side(card, "action", "Aperture action") + card_side(card, "character",
                                                                     "Character")


# The layout with a side column that scrolls by itself (css/game.css, "layout").
DESKTOP = "(min-width: 901px) and (min-height: 501px)"


def whole_prompt(s: Any, text: str | None = None) -> str:
    """The prompt (or `text`, a computer's status) as the choices bar's first words, shown
    only when the status line cuts it (css/game.css): a computer's too, beside a narrow
    desktop's pace menu."""
    prompt = s.prompt() if text is None else text
    return markup("span", f"{prompt[:1].upper()}{prompt[1:]}.", "choice-label status-whole")


def action_button(s: Any, text: str, cls: str = "act", more: str = "") -> str:
    """A button that applies `text`, as markup (names are escaped); its tooltip is the
    engine's sentence for the action, then `more`."""
    # What some labels depend on, read from the state only for those (a redraw draws many
    # buttons).
    label = labels.button_label(
        text, s.names, s.current_player,
        carried=text == "carry none" and bool(s.pending.picks),
        cube_in_lab=text != "cube stay" or any(c.cube for c in s.chambers()),
        top_card=s.deck_top if text in ("card", "bonus card") else None)
    lost = targets.turret_costs(s, text)
    if lost:  # a Turret on the player's own subjects says so where it is chosen
        label += f": destroys {lost} of yours"
    return markup("button", label, cls, type="button", data_action=text,
                  title=s.describe(text) + more)


# What firing the Portal Gun does instead of the card's Aperture action (the rulebook's
# "Deploying a Portal Gun"), for its button's tooltip.
GUN_DOES = ("instead of the card's Aperture action, place both Portals in two chambers "
            "(neither on the old edge); the card's Character still takes over")


def tray_card(s: Any, card_id: str, acts: list[str]) -> str:
    """One card of the hand tray: its name and a button for each way to use it now. The
    Portal Gun's button says only "Portal Gun" (its tooltip says it all), so three cards
    fit in two rows of the prompt area and the lab below does not move.

    The deploy button's tooltip ends with what the card does and the rule its Character
    brings; the card's `data-card` lets a desktop point at its text in the hand
    (`Panels.point_hand_card`). Where the hand lies far below
    (one column: a phone, a tablet), the name also says which rule the card's Character
    would replace, and a "?" shows the card's text in the tray (a play-tester deployed a
    card unread and lost the rule in force)."""
    char = s.character
    replaces = (f"replaces the rule {char.character_title}"
                if char is not None and char.id != card_id else "")
    card = CARD_BY_ID[card_id]
    buttons = []
    for a in acts:
        if a.startswith("gun "):
            # Named with its card: three buttons named "Portal Gun" alone told a screen
            # reader nothing of which card each deploys (a keyboard play-tester).
            buttons.append(markup("button", "Portal Gun", "act", type="button", data_action=a,
                                  aria_label=f"Portal Gun, deploying {card.name}",
                                  title=f"{s.describe(a)}: {GUN_DOES} "
                                        f"({card.character_title})"))
        else:  # what the card does, where it is chosen (the hand may lie out of sight)
            buttons.append(action_button(
                s, a, more=f": {card.action_text} Then the rule for all: "
                           f"{card.character_title}: {card.character_text}"))
    return markup("div", None, "tray-card", data_card=card_id, inner=(
        markup("span", labels.card_name(card_id), "tray-name",
               inner=markup("span", f" · {replaces}", "tray-note") if replaces else "")
        + "".join(buttons) + card_text(card_id)))


def card_text(card_id: str) -> str:
    """A "?" that shows a card's two sides under it, and those sides (hidden): for where the
    hand and the deck lie far below (one column; css keeps the "?" off a desktop, where
    the deploy button's tooltip says what the card does)."""
    card = CARD_BY_ID[card_id]
    box = f"card-text-{card_id}"
    return (markup("button", "?", "tray-info", type="button", aria_expanded="false",
                   aria_controls=box, aria_label=f"{card.name}: the card's text",
                   title="The card's text", data_card_text=card_id)
            + markup("div", None, "tray-text", id=box, hidden=True, inner=card_sides(card)))


def toggle_card_text(button: Any) -> None:
    """A "?" of `card_text`: show or hide its card's text."""
    text = by_id(str(button.getAttribute("aria-controls")))
    opened = bool(text.hidden)
    text.hidden = not opened
    button.setAttribute("aria-expanded", "true" if opened else "false")


# A division's figures: what each counts, and which of its counts ("lab / supply"). A
# desktop shows a division's figures on one line and says once, under the divisions, what
# the counts are (four divisions and the hand then fit 1280x800 together); the counts stay
# in each label for a screen reader.
STAT_LABELS = (("subjects", "Subjects", " lab / supply"),
               ("cake", "Cake", " lab / supply / burnt"), ("hand", "Cards", ""))
STAT_LEGEND = "Subjects: lab / supply · Cake: lab / supply / burnt"


# The strip's Cake Slice: the lab's own picture (index.html's #i-c) in a division's colour.
STRIP_CAKE = ('<svg class="strip-ic" viewBox="0 0 16 16" aria-hidden="true">'
              '<use href="#i-c" class="cake d{}" width="16" height="16"/></svg>')


def strip_key(s: Any) -> tuple:
    """What the strip shows: who acts, and per division its subjects and cake in the lab;
    last, the Character in force."""
    char = s.character
    return (s.current_player, s.is_over, s.subjects_in_lab(), s.cake_in_lab(),
            char.id if char is not None else None)


def strip_scores(s: Any, subjects: tuple[int, ...], cake: tuple[int, ...]) -> str:
    """Each division's Test Subjects (its mark, as on the lab's tokens) and Cake Slices in
    the lab, as markup. The words a screen reader says around the figures are hidden from
    sight, so the button's name holds what it shows: "Orange: 6 Test Subjects, 1 Cake Slice;
    Blue: ..."."""
    acting = None if s.is_over else s.current_player
    out = []
    for seat in range(s.players):
        cls = f"strip-div d{seat}" + (" acting" if seat == acting else "")
        last = seat == s.players - 1
        # Few left: one loss from ending the game (`endwatch`), marked as the Divisions
        # panel marks it.
        low = not s.is_over and subjects[seat] <= endwatch.FEW_SUBJECTS
        out.append(markup("span", None, cls, inner=(
            markup("span", f"{s.names[seat]}: " + ("only " if low else ""), "sr-only")
            + markup("span", None, f"chip d{seat} shape{seat}")
            + markup("span", str(subjects[seat]), "strip-n few-left" if low else "strip-n")
            + markup("span", " Test Subject" + ("s, " if subjects[seat] != 1 else ", "),
                     "sr-only")
            + STRIP_CAKE.format(seat) + markup("span", str(cake[seat]), "strip-n")
            + markup("span", " Cake Slice" + ("s" if cake[seat] != 1 else "")
                     + ("" if last else "; "), "sr-only"))))
    return "".join(out)


def strip_rule(char: Any) -> str:
    """The Character in force, by its rule's name, as markup."""
    name = "none yet" if char is None else char.character_title
    return markup("span", "Rule ", "strip-rule-cap") + markup("span", name, "strip-rule-name")


class Panels:
    """Everything outside the lab that shows the game."""

    def __init__(self, session: Session, texts: Texts,
                 on: Callable[[Any, str, Any], None],
                 on_seat: Callable[[int, str], None]) -> None:
        self.session = session
        self.texts = texts
        self.on = on
        self.on_seat = on_seat
        self.forget()
        self.log_shown = 0
        self.player_cells: list[dict[str, Any]] = []
        self.player_rows: tuple = ()  # what each division's cells show now
        # The news box changes size with the screen, the room the choices leave and a tap
        # that opens it; it scrolls on a desktop: each time, say whether some is out of view.
        news = by_id("since-text")
        self._news_seen = create_proxy(lambda *_: self.measure_news())
        window.ResizeObserver.new(self._news_seen).observe(news)
        news.addEventListener("scroll", self._news_seen, js_object({"passive": True}))

    def forget(self) -> None:
        """Draw every panel afresh at the next redraw (a new game, a seat changed hands)."""
        self.choices_key: tuple = ()
        self.choices_state: Any = None
        self.hand_key: tuple = ()
        self.players_key: tuple = ()
        self.piles_key: tuple = ()
        self.since_key: tuple | None = None
        self.strip_key: tuple | None = None

    @staticmethod
    def measure_news() -> None:
        """Mark the news strip `data-cut` while part of its text is out of its box's view
        (below a phone's last whole line, or under a desktop's scrolling box), so the "▾"
        that says there is more (css/game.css) is there only when there is: CSS alone
        cannot tell a clamped line from a whole one, and Firefox has no scroll-driven
        animations for the desktop's "more"."""
        text = by_id("since-text")
        below = float(text.scrollHeight) - float(text.scrollTop) - float(text.clientHeight)
        by_id("since").toggleAttribute("data-cut", below > 1)

    # ---- status --------------------------------------------------------------------------
    def status(self, s: Any, human: bool, curtain: bool, confirming: bool = False,
               warning: str = "", ends_game: bool = False) -> None:
        """The status line: whose decision it is, and what (`confirming`: the turn's last
        decision, or with a `warning` a move that loses the game, or with `ends_game` one
        that ends it, waits for the person to confirm it, which the engine's prompt cannot
        say)."""
        if s.is_over:
            o = s.outcome
            self._status(f"Game over: {labels.who_won(o, s.names)}.")
            # The winner's own colour and shape; a shared win, the neutral mark.
            w = o.winners[0] if len(o.winners) == 1 else None
            self.texts.cls("status-chip", "chip over" if w is None else f"chip d{w} shape{w}")
            return
        seat = s.current_player
        self.texts.cls("status-chip", f"chip d{seat} shape{seat}")
        name = s.names[seat]
        if curtain:
            text = f"{name}: take the device, then press “I am {name}: show my hand”"
        elif human and confirming and warning:
            text = f"{name}: this move loses the game. Play it anyway, or go back"
        elif human and confirming and ends_game:
            text = f"{name}: this move ends the game. Confirm it, or go back"
        elif human and confirming:
            text = f"{name}: confirm the end of your turn, or go back"
        elif human:
            text = f"{name}: {s.prompt()}"
        else:
            text = labels.computer_does(name, self.session.seats[seat], s.prompt())
        self._status(text)

    def _status(self, text: str) -> None:
        """The status line. A desktop keeps it to one line: a long one is set smaller, so
        it is rarely cut, and when it is, the whole of it shows on hover. A phone sets a
        long one smaller too, so it takes fewer of the screen's lines."""
        self.texts.text("status", text)
        self.texts.cls("status", "long" if len(text) > LONG_STATUS else "")
        self.texts.prop("status", "title", text)
        if len(text) > LONG_STATUS:
            later.after_paint(self.measure_status)
        else:
            by_id("status").removeAttribute("data-cut")

    @staticmethod
    def measure_status() -> None:
        """Mark the status `data-cut` when its one line on a desktop cuts it (beside the
        pace menu, "Orange: collect R's rewards (Green's turn): 2 Test Subjects and 2
        Cake ..."): the choices bar then says the whole prompt (css/game.css), which only
        the line's tooltip had said, to a mouse."""
        status = by_id("status")
        status.toggleAttribute("data-cut",
                              float(status.scrollWidth) > float(status.clientWidth) + 1)

    def empty(self) -> None:
        self._status("Choose the players to start a game.")

    def notice(self, text: str) -> None:
        """Say `text` over the lab (a phone's toast); "" puts it away. A new text starts
        cut to its first lines on a phone, marked `data-cut` when there is more to read
        (css/game.css; a tap opens it, App.on_click)."""
        if self.texts.seen("notice", "text") == text:
            return
        self.texts.text("notice", text)
        self.texts.prop("notice", "hidden", not text)
        box = by_id("notice")
        box.classList.remove("open")
        box.toggleAttribute("data-cut", bool(text)
                            and float(box.scrollHeight) > float(box.clientHeight) + 1)
        # A desktop's notice rises over the room the choices leave; when they leave too
        # little (three cards in the tray at 1024x768), it covered the very button it
        # suggested (a play-tester), and lies over the lab's top instead.
        box.classList.remove("over-lab")
        news = by_id("since")
        news.style.marginBottom = ""
        if text and window.matchMedia(DESKTOP).matches:
            choices = by_id("choices").getBoundingClientRect()
            top = float(box.getBoundingClientRect().top)
            if top < float(choices.bottom) - 1:
                box.classList.add("over-lab")
            else:
                # The news gives the notice its room, so none of its lines lies under it
                # (they scroll instead): a suggestion hid the news' last lines (two
                # play-testers).
                room = float(news.getBoundingClientRect().bottom) - top + 4
                if room > 0:
                    news.style.marginBottom = f"{room:.0f}px"

    # ---- choices -------------------------------------------------------------------------
    def choices(self, s: Any, t: targets.Targets, step: Any, texts: list[str],
                selected: str | None, confirming: str | None = None,
                playing: str | None = None, warning: str = "", ends_game: bool = False,
                stepping: bool = False) -> None:
        """The choices bar: the person's choices, the confirmation of a turn's end (or, with
        its `warning`, of a move that loses the game), or, on a computer's turn, `playing`
        (its name), so the bar says what is going on (`stepping`: at the step-by-step pace,
        where each of its moves waits for Next move)."""
        # The state itself, not only its legal actions: labels read more of it (Trivia
        # Night's second "Take the Aperture Card" named the card taken by the first).
        # Holding it keeps its id from being reused.
        key = (id(s), tuple(texts), selected, confirming, playing, warning, ends_game,
               stepping)
        if key == self.choices_key and s is self.choices_state:
            return
        self.choices_key = key
        self.choices_state = s
        if confirming is not None and warning:
            # A move that loses the game, not played yet: what it leads to, play or go back.
            # The button is described by what it does: a screen reader, its focus on the
            # button, heard only the button's name (a keyboard play-tester).
            html = (markup("span", f"{s.describe(confirming)}. {warning}",
                           "choice-label hint warning", id="confirm-what")
                    + markup("button", "Play it: end the game", "confirm-end danger",
                             type="button", data_confirm=True, data_continue=True,
                             aria_describedby="confirm-what")
                    + markup("button", "Back", "back", type="button", data_back=True))
            by_id("choices").innerHTML = html
            return
        if confirming is not None:
            # The turn's last decision, not played yet: say what it does, and what it costs
            # the player (a recycle that incinerates their own cake went untold), then
            # confirm or go back. Others' losses follow where there is room (a phone leaves
            # them to the log, css: each line there pushes the lab down).
            # "This ends ..." repeats the status line: a phone leaves it out (css), since a
            # third row of choices there moves the lab.
            ends = "the game, which cannot be taken back" if ends_game else "your turn"
            after = self.session.would_leave(confirming)
            does = eventlog.own_losses_text(s, confirming, after)
            # What it costs the others too, where there is room (a desktop): a player read
            # the rest in the log only after confirming.
            others = eventlog.others_losses(s, after)
            also = markup("span", f" Also: {', '.join(others)}.", "confirm-others") \
                if others else ""
            # Who it leaves the winner: the reason to hesitate (a move that wiped out the
            # player's own last Test Subjects was asked about with no word of who won).
            won = ""
            if ends_game and after is not None and after.outcome is not None:
                said = labels.result_for(after.outcome, s.names, s.current_player)
                won = f" It ends the game: {said}."
            html = (markup("span", None, "choice-label hint", id="confirm-what", inner=markup(
                        "span", f"{does}.{won}", None) + also
                        + markup("span", f" This ends {ends}.", "confirm-tail"))
                    + markup("button", "Confirm: end the game" if ends_game
                             else "Confirm: end my turn", "confirm-end", type="button",
                             data_confirm=True, data_continue=True,
                             aria_describedby="confirm-what")
                    + markup("button", "Back", "back", type="button", data_back=True))
            by_id("choices").innerHTML = html
            return
        if playing is not None and not texts and not s.is_over:
            how = ("press Next move for each of its moves" if stepping
                   else "each move shows on the lab as it is made")
            seat = s.current_player
            doing = labels.computer_does(s.names[seat], self.session.seats[seat], s.prompt())
            by_id("choices").innerHTML = whole_prompt(s, doing) + markup(
                "span", f"{playing} is playing: {how}.", "choice-label hint playing")
            return
        by_id("choices").innerHTML = "".join(self._choices_markup(s, t, step, texts))

    @staticmethod
    def _choices_markup(s: Any, t: targets.Targets, step: Any, texts: list[str]) -> list[str]:
        """The choices bar as escaped markup: one DOM call draws it."""
        out: list[str] = []
        if step is not None:
            out.append(markup("span", f"Chamber {step.source}:", "choice-label"))
            for a in step.buttons:
                out.append(action_button(s, a))
            if step.chambers:
                out.append(markup("span", f"now {press_word} the chamber to move it to",
                                   "choice-label"))
            out.append(markup("button", "Back", "back", type="button", data_back=True))
            return out
        if s.is_over:
            # The result dialog may have been closed to look at the lab: the way back to it.
            out.append(markup("span", "The game is over.", "choice-label hint"))
            out.append(markup("button", "Show the result", "", type="button", id="over-result"))
            out.append(markup("button", "Play again", "primary", type="button",
                              id="over-again"))
            return out
        if not texts:
            return out
        out.append(whole_prompt(s))
        out.extend(markup("span", text, "choice-label hint")
                   for text in [targets.ways_hint(s, t, press_word)] if text)
        rows = " rows-note" if s.decision == "recycle" else ""
        out.extend(markup("span", text, f"choice-label hint blocked{rows}")
                   for text in [targets.blocked_note(s, texts), targets.harm_note(s, texts)]
                   if text)
        for a in t.buttons:
            out.append(action_button(s, a))
        if s.deck_top and any(a in ("card", "bonus card") for a in t.buttons):
            out.append(card_text(s.deck_top))  # the face-up card offered, read before taking
        if t.cards:
            out.append(markup("div", None, "tray", inner="".join(tray_card(s, cid, acts)
                                                             for cid, acts in t.cards.items())))
        return out

    # ---- divisions -----------------------------------------------------------------------
    def build_players(self, s: Any) -> None:
        """One card per division, with its seat select (made once per game)."""
        box = by_id("players")
        box.replaceChildren()
        self.player_rows = ()
        self.player_cells = []
        seats = self.session.seats
        for seat in range(s.players):
            card = h("div", None, f"division d{seat}")
            top = h("div", None, "division-top")
            top.append(h("span", None, f"chip d{seat} shape{seat}"))
            top.append(h("strong", s.names[seat], "pname", title=s.names[seat]))
            if s.names[seat] != labels.DIVISION_NAMES[seat]:
                top.append(h("span", labels.DIVISION_NAMES[seat], "muted small"))
            kind = h("select", None, "seat-kind", aria_label=f"Who plays {s.names[seat]}")
            # The computers' levels under a "Computer" heading, so the closed menu says
            # "Medium", not "Medium computer": as wide as that, it had cut a name of ten
            # letters to five ("Alexa…": a play-tester).
            group = h("optgroup", None, label="Computer")
            for k in saves.SEAT_KINDS:
                opt = h("option", "Human" if k == "human" else k.capitalize(), value=k,
                        title="A person" if k == "human" else f"{k.capitalize()} computer")
                if k == seats[seat]:
                    opt.selected = True
                (kind if k == "human" else group).append(opt)
            kind.append(group)
            self.on(kind, "change", lambda e, seat=seat: self.on_seat(seat, e.target.value))
            top.append(kind)
            card.append(top)
            stats = h("dl", None, "stats")
            cells = {}
            for key, label, more in STAT_LABELS:
                dt = h("dt", label)
                if more:  # a desktop says it once, under the divisions (css)
                    dt.append(h("span", more, "dt-more"))
                stats.append(dt)
                dd = h("dd", "")
                stats.append(dd)
                cells[key] = dd
            cells["card"] = card
            cells["kind"] = kind
            card.append(stats)
            box.append(card)
            self.player_cells.append(cells)
        box.append(h("p", STAT_LEGEND, "stats-legend", aria_hidden="true"))

    def players(self, s: Any) -> None:
        lab_s, lab_c = s.subjects_in_lab(), s.cake_in_lab()
        rows = tuple((lab_s[i], s.supply(i), lab_c[i], s.cake_supply(i), s.incinerated(i),
                      s.hand_size(i)) for i in range(s.players))
        near = endwatch.watch(s)
        key = (rows, s.current_player, s.turn, s.turn_number, near, s.is_over)
        if key == self.players_key:
            return
        self.texts.text("end-watch", near.text if near else "")
        self.texts.prop("end-watch", "hidden", near is None)
        over_changed = not self.players_key or self.players_key[-1] != s.is_over
        self.players_key = key
        self.texts.text("players-h", f"Divisions · turn {s.turn_number}")
        shown = self.player_rows
        now = []
        for seat, cells in enumerate(self.player_cells):
            a, b, c, d, e, f = rows[seat]
            cls = f"division d{seat}"
            if seat == s.current_player:
                cls += " acting"
            if seat == s.turn:
                cls += " turn"
            if near is not None:  # its subjects, or its cake, close to ending the game
                cls += " few-left" * (seat in near.low) + " much-burnt" * (seat in near.burnt)
            row = (f"{a} / {b}", f"{c} / {d} / {e}", str(f), cls)
            now.append(row)
            old = shown[seat] if seat < len(shown) else (None, None, None, None)
            if row[0] != old[0]:
                cells["subjects"].textContent = row[0]
            if row[1] != old[1]:
                cells["cake"].textContent = row[1]
            if row[2] != old[2]:
                cells["hand"].textContent = row[2]
            if row[3] != old[3]:
                cells["card"].className = row[3]
            if over_changed:
                cells["kind"].disabled = s.is_over  # a finished game has no seat to hand over
        self.player_rows = tuple(now)

    # ---- the one-column strip: scores and the Character in force ------------------------
    def strip(self, s: Any) -> None:
        """In one column (a phone), the Divisions and the discard pile lie far below the
        lab: the strip under the status keeps in view what every decision weighs, each
        division's Cake Slices and Test Subjects in the lab and the Character whose rule
        holds for everyone. Its scores are a button to the Divisions panel; the rule's name
        opens its text in place (`toggle_rule`)."""
        key = strip_key(s)
        if key == self.strip_key:
            return
        old = self.strip_key
        self.strip_key = key
        by_id("strip-scores").innerHTML = strip_scores(s, key[2], key[3])
        if old is None or old[-1] != key[-1]:
            char = s.character
            rule = by_id("strip-rule")
            rule.innerHTML = strip_rule(char)
            rule.title = (f"Rules for all: {char.name}: {char.character_title}. "
                          "Tap to read it" if char is not None else "No Character is active yet")
            rule.disabled = char is None
            chip = by_id("rule-chip")
            chip.innerHTML = strip_rule(char)
            chip.hidden = char is None
            chip.title = (f"Rules for all: {char.name}: {char.character_title}: "
                          f"{char.character_text} (press to see the card)"
                          if char is not None else "")
            by_id("strip-rule-text").textContent = (
                f"{char.name}: {char.character_title}: {char.character_text}"
                if char is not None else "")
            if char is None:
                self.toggle_rule(False)
        self.texts.prop("table-strip", "hidden", False)

    def show_character(self) -> None:
        """The status bar's rule (a desktop): bring the Character's card in the side column
        into view, and mark it for a moment."""
        card = by_id("discard")
        card.scrollIntoView(js_object({"block": "nearest", "behavior": "smooth"}))
        card.classList.remove("called")
        card.getBoundingClientRect()  # restart the mark's animation
        card.classList.add("called")

    def point_hand_card(self, card_id: str | None) -> None:
        """A desktop's tray names a card whose text lies in the side column, often below its
        fold with two or three cards (a play-tester scrolled to read them while choosing):
        pointing at the card's buttons brings its card into the column's view and marks it;
        None unmarks. One column (a phone) has the tray's "?" instead, and is left still."""
        marked = document.querySelector("#hand .card.pointed")  # none once redrawn
        if found(marked):
            if marked.getAttribute("data-card") == card_id:
                return
            marked.classList.remove("pointed")
        if not card_id or not window.matchMedia(DESKTOP).matches:
            return
        card = document.querySelector(f'#hand .card[data-card="{card_id}"]')
        if not found(card):
            return
        card.classList.add("pointed")
        # The column alone scrolls (scrollIntoView also scrolled a page 5 px taller than a
        # 1024x768 window); clear of its faded foot, the card's top first if both can't be.
        side = card.closest(".side")
        if not found(side):
            return
        c, v = card.getBoundingClientRect(), side.getBoundingClientRect()
        top, foot = float(c.top) - 8 - float(v.top), float(c.bottom) + 52 - float(v.bottom)
        by = min(foot, top) if foot > 0 else (top if top < 0 else 0.0)
        if by:
            side.scrollBy(js_object({"top": by, "behavior": "smooth"}))

    def toggle_rule(self, shown: bool | None = None) -> None:
        """Open or close the rule of the Character in force under the strip (None: the
        other way round from now)."""
        text = by_id("strip-rule-text")
        if shown is None:
            shown = bool(text.hidden)
        text.hidden = not shown
        by_id("strip-rule").setAttribute("aria-expanded", "true" if shown else "false")

    # ---- piles ---------------------------------------------------------------------------
    def piles(self, s: Any) -> None:
        char = s.character
        key = (s.deck_size, s.deck_top, char.id if char else None, len(s.discard),
               tuple(s.incinerated(i) for i in range(s.players)))
        if key == self.piles_key:
            return
        old = self.piles_key
        self.piles_key = key
        if not old or old[:2] != key[:2]:
            top = CARD_BY_ID.get(s.deck_top) if s.deck_top else None
            by_id("deck").innerHTML = (
                markup("h3", f"Deck: {s.deck_size} card{'s' if s.deck_size != 1 else ''}")
                + (card_side(top, "action", "On top (face up)") if top is not None
                   else markup("p", "Empty", "muted")))
        if not old or old[2:4] != key[2:4]:
            by_id("discard").innerHTML = (
                markup("h3", f"Discard pile: {len(s.discard)}")
                + (card_side(char, "character", "Active Character: rules for all")
                   if char is not None else markup("p", "No Character is active yet.", "muted")))
        if not old or old[4:] != key[4:]:
            # Each count with its division's name for screen readers (the chip alone, a
            # colour and a shape, read as "0/8 0/8 0/8").
            items = "".join(
                markup("span", None, "burnt-item",
                       inner=markup("span", None, f"chip d{seat} shape{seat}")
                       + markup("span", f"{s.names[seat]}: ", "sr-only")
                       + markup("span", f"{s.incinerated(seat)}/8")
                       + markup("span", " burnt; " if seat < s.players - 1 else " burnt.",
                                "sr-only"))
                for seat in range(s.players))
            by_id("incinerator").innerHTML = (markup("h3", "Cake incinerator")
                                              + markup("p", None, "burnt", inner=items))

    @staticmethod
    def _side_to_top() -> None:
        side = by_id("hand").closest(".side")
        if found(side) and float(side.scrollTop) > 0:
            side.scrollTop = 0

    # ---- hand ----------------------------------------------------------------------------
    def hand(self, s: Any, seat: int | None, visible: bool, t: targets.Targets) -> None:
        """The hand of `seat` (face up when `visible`), with buttons for its legal plays."""
        hand = s.hand(seat) if seat is not None and visible else ()
        # A face-down hand shows only its size: a computer's deploy changes nothing else.
        key = (seat, visible, hand, s.hand_size(seat) if seat is not None else 0,
               s.fresh(seat) if seat is not None else 0, s.is_over,
               tuple(sorted((k, tuple(v)) for k, v in t.cards.items())))
        if key == self.hand_key:
            return
        if seat is not None and (not self.hand_key or self.hand_key[0] != seat):
            # Another player's hand: the side column starts from its top again (it kept
            # the last player's scroll, the divisions' heading cut: a play-tester). After
            # the paint: a scroll position is layout, which a redraw does not wait for.
            later.after_paint(self._side_to_top)
        self.hand_key = key
        box = by_id("hand")
        if seat is None:
            self.texts.text("hand-h", "Hand")
            if s.is_over:
                box.innerHTML = markup("p", "No hand to play: the game is over.", "muted")
            else:
                box.replaceChildren()
            return
        # The heading's capitals are the panel's style; a typed name keeps its own.
        self.texts.forget("hand-h")
        # "HAND" in the headings' small capitals, then the name as its player typed it,
        # set as a name (a name in capitals read as shouting, half-capitalised as a slip);
        # a screen reader hears "Hand of Orange".
        by_id("hand-h").innerHTML = ("Hand" + markup("span", " of ", "sr-only")
                                     + markup("span", s.names[seat], "as-typed"))
        if not visible:
            count = s.hand_size(seat)
            box.innerHTML = markup("p", f"{count} card{'s' if count != 1 else ''}, face down.",
                                   "muted")
            return
        if not hand:
            box.innerHTML = markup("p", "No cards.", "muted")
            return
        fresh = s.fresh(seat)
        out: list[str] = []
        for i, cid in enumerate(hand):
            card = CARD_BY_ID.get(cid)
            if card is None:
                continue
            head = markup("strong", card.name)
            if i >= len(hand) - fresh:
                head += markup("span", "new: from your next turn", "fresh")
            inner = (markup("header", None, "card-head", inner=head)
                     + card_sides(card))
            playable = bool(t.cards.get(cid))
            if playable:
                inner += markup("p", "Can be deployed now: with its buttons above the lab.",
                                "playable-note")
            out.append(markup("article", None, "card playable" if playable else "card",
                              data_card=cid, inner=inner))
        box.innerHTML = "".join(out)

    # ---- log -----------------------------------------------------------------------------
    def reset_log(self) -> None:
        self.log_shown = 0
        self.log_turn: Any = None
        by_id("log").replaceChildren()

    def log(self, names: Any) -> None:
        """Append the new log entries (one DOM call), grouped by turn under a heading; an
        undo (entries gone from the end) redraws the log once."""
        box = by_id("log")
        log = self.session.log
        if self.log_shown > len(log):
            self.reset_log()
        new = []
        rec = self.session.record
        offset = len(rec.actions) - len(log) if rec is not None else -1  # a log from the start?
        for i, entry in enumerate(log[self.log_shown:], start=self.log_shown + 1):
            turn, seat, text = entry[0], entry[1], entry[2]
            letters = entry[3] if len(entry) > 3 else ""
            seat_ok = isinstance(seat, int) and 0 <= seat < 4
            if turn != self.log_turn:
                self.log_turn = turn
                who = names[seat] if seat_ok and seat < len(names) else ""
                chip = markup("span", None, f"chip d{seat} shape{seat}") if seat_ok else ""
                new.append(markup("li", None, "log-turn",
                                  inner=chip + markup("span", f"Turn {turn}" + (
                                      f" · {who}" if who else ""))))
            cls = f"log-entry d{seat}" if seat_ok else "log-entry"
            step = str(i + offset) if offset >= 0 else None  # a click replays from here
            if step is not None and rec.actions[i + offset - 1].split(" ", 1)[0] in LOG_STEPS:
                cls += " log-step"
            # Not a Tab stop each (a long log would bury the choices for keyboard players):
            # the arrow keys walk them in the log's one stop (`Access._log_key`); a hover,
            # a tap or the focus lights the chambers up.
            new.append(markup("li", text, cls, data_chambers=letters or None, data_step=step,
                              title="Replay from here" if step else None, tabindex="-1"))
        if new:
            box.insertAdjacentHTML("beforeend", "".join(new))
        # No scrolling from here: reading scrollHeight would force a layout on every click.
        # The log's scroll box is a reversed flex column, which keeps the newest in view.
        self.log_shown = len(log)

    def since(self, phrases: list[tuple[str, str]],
              turn_so_far: list[tuple[str, str]] | None = None,
              lead: str = "This turn so far: ",
              news_lead: str = "Since your last turn: ", read: bool = False,
              idle: str = "", names: Sequence[str] = ()) -> None:
        """The strip that says what the others did since this player's last turn
        (`eventlog.since_summary`): what happened to the player, then a line for each
        other division, led by its chip and name (one of `names`); one span per phrase,
        its kind in `data-kind`. Once the player has acted, what they did this turn so far
        (`eventlog.turn_summary`, the same way) comes first, on a line of its own, and the
        news stays under it, quieter (`read`: the player has acted since it came); what
        happened to the player themselves (their losses) still leads. With nothing to tell,
        `idle` (a turn's outline, for a person about to play), quiet; else the strip keeps
        its room, empty (css: no jumps)."""
        turn_so_far = turn_so_far or []
        key = (tuple(phrases), tuple(turn_so_far), lead, news_lead, read, idle, tuple(names))
        if key == self.since_key:
            return
        self.since_key = key
        # The dot alone is hidden from a screen reader, not the spaces around it: hidden
        # whole, it ran the phrases together ("a bonusBlue recycled": a play-tester).
        dot = " " + markup("span", "·", aria_hidden="true") + " "
        sep = markup("span", None, "since-sep", inner=dot)
        brk = markup("span", None, "since-sep since-break", inner=dot)

        def told(lead_words: str, part: list[tuple[str, str]]) -> list[str]:
            # A line for what happened to you, then one for each other division's turn:
            # a busy round of four players reads as lines, not as one run of phrases.
            out = [markup("span", lead_words, "since-lead")] if part else []
            for i, (kind, text) in enumerate(part):
                if i:
                    before = part[i - 1][0]
                    new_line = kind == "who" or SINCE_PART[kind] != SINCE_PART[before]
                    out.append(brk if new_line else " " if before == "who" else sep)
                if kind == "who":  # a division's line: its chip and name lead it
                    seat = names.index(text) if names.count(text) == 1 else -1
                    chip = (markup("span", None, f"chip d{seat} shape{seat}")
                            if seat >= 0 else "")
                    out.append(markup("span", None, f"since-p who d{seat}", data_kind=kind,
                                      inner=chip + markup("span", text)))
                else:
                    out.append(markup("span", text, f"since-p {kind}", data_kind=kind))
            return out

        if not turn_so_far:
            parts = told(news_lead, phrases)
        else:
            # What the player did this turn comes first, the freshest, so a short box (a
            # phone's, under two rows of choices) cuts the older news rather than this;
            # only what happened to the player themselves (their losses) stays above it.
            # In that one place whatever the news holds: it had led the news, or followed
            # it when the news told losses, and the line was read as jumping (a play-tester).
            own = [p for p in phrases if SINCE_PART[p[0]] == 0]
            rest = [p for p in phrases if SINCE_PART[p[0]] != 0]
            mine = [markup("span", lead, "since-lead since-now"),
                    sep.join(markup("span", text, f"since-turn {kind}", data_kind=kind)
                             for kind, text in turn_so_far)]
            blocks = [told(news_lead, own), mine,
                      told(f"Also {news_lead[0].lower()}{news_lead[1:]}" if own else news_lead,
                           rest)]
            parts = []
            for block in (b for b in blocks if b):
                parts += ([brk] if parts else []) + block
        if not parts and idle:
            by_id("since-text").innerHTML = (markup("span", "A turn: ", "since-lead")
                                             + markup("span", idle, "since-idle"))
            self.texts.cls("since", "since quiet")
            self.texts.prop("since", "hidden", False)
            return
        if not parts:
            self.texts.prop("since", "hidden", True)
            by_id("since-text").innerHTML = ""
            return
        by_id("since-text").innerHTML = "".join(parts)
        later.after_paint(self.measure_news)  # the same box may now hold more, or less
        # The news is read: once the player has acted it stays, quieter, above what they did.
        self.texts.cls("since", "since" if phrases and not read else "since quiet")
        self.texts.prop("since", "hidden", False)
