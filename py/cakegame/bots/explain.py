"""Why a bot chose what it chose: one sentence for a person, from what the bot evaluated.

`hint(view, level="hard", seed=..., budget_s=...)` is the page's "Suggest a move": a
`Thinker` for the seat that is to decide (stepped by the caller in slices), and then
`explain(thinker)` says what the chosen action leads to in words drawn from the bot's own
evaluation: the plan it belongs to (the group move and the chamber activated after it), who
then holds the majority in that chamber and what it pays, where the seat's cake stands
afterwards, and how the bot rated it against the next best option it weighed.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Verb
from ..content import DIVISIONS, HAND_LIMIT, PANEL_LETTERS, Rule
from . import learnt
from .board import Board, chance
from .heuristic import P, activation_pending, plan_summary
from .search import DENY_DEALS

ICON_WORDS = {"s": "a Test Subject", "c": "a Cake Slice", "a": "an Aperture Card",
              "q": "the Companion Cube", "t": "the Turret"}
# Two or more of one reward: "2 Test Subjects".
ICON_PLURALS = {"s": "Test Subjects", "c": "Cake Slices", "a": "Aperture Cards"}


def _pays(b: Board, p: int) -> str:
    """The rewards of chamber p in words, alike ones counted: "2 Test Subjects and a Cake
    Slice"."""
    return _reward_words(list(b.reward_codes(p)))


def _reward_words(codes: list[str]) -> str:
    """Reward codes in words, alike ones counted ("nothing" for none)."""
    codes = [c for c in codes if c in ICON_WORDS]
    words = []
    for code in dict.fromkeys(codes):
        n = codes.count(code)
        words.append(f"{n} {ICON_PLURALS[code]}" if n > 1 and code in ICON_PLURALS
                     else ICON_WORDS[code])
    if not words:
        return "nothing"
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def win_chance(x: float, players: int) -> float:
    """The chance of winning that the mean `x` of a plan's trial games stands for: the
    learnt judgement's figures are chances already (`learnt.chances`, which ends hard's
    trial games where it has weights); medium's are corrected (`chance`)."""
    return x if players in learnt.WEIGHTS else chance(x, players)


def _pays_to(b: Board, p: int, who: int) -> str:
    """What activating chamber p pays division `who`, in words, with what it is owed there
    but will not get and why: a Test Subject or a Cake Slice its supply no longer holds, an
    Aperture Card over the hand limit ("a Test Subject (and 2 Cake Slices owed, not given:
    none left in the supply)"). Under a rule that pays the fewest, with no cake left in
    that supply, the hint said "collects 2 Cake Slices", and none came (a play-tester)."""
    left = {"s": b.supply[who], "c": b.cake_supply[who], "a": HAND_LIMIT - b.hand[who]}
    paid: list[str] = []
    short: list[str] = []
    for code in b.reward_codes(p):
        if code in left:
            if left[code] <= 0:
                short.append(code)
                continue
            left[code] -= 1
        paid.append(code)
    words = _reward_words(paid)
    if not short:
        return words
    why = " and ".join(w for w, codes in (("none left in the supply", "sc"),
                                           ("a full hand", "a"))
                       if any(c in codes for c in short))
    owed = _reward_words(short)
    if words == "nothing":
        return f"nothing: {owed} owed, not given ({why})"
    return f"{words} (and {owed} owed, not given: {why})"


def _held(b: Board, you: bool) -> str:
    """How the division that collects a chamber's rewards stands there, under the rule in
    force: "the majority", or "the fewest Test Subjects" (Underdog Protocol)."""
    if b.rule is Rule.FEWEST:
        return "you have the fewest Test Subjects" if you else "has the fewest Test Subjects there"
    return "you hold the majority" if you else "holds its majority"


def _nobody(b: Board, p: int) -> str:
    """Why nobody collects chamber p's rewards, in words."""
    if b.cube == p and b.rule is not Rule.CUBE_HARMLESS and b.majority(p) is not None:
        return "the Companion Cube blocks its rewards"
    if not any(b.sub[p]):
        return "it holds no Test Subjects, so nobody collects its rewards"
    if b.rule is Rule.FEWEST:
        return "the fewest Test Subjects there are tied, so nobody collects its rewards"
    return "nobody holds its majority, so nobody collects its rewards"


def _pct(x: float) -> str:
    return f"{round(100 * max(0.0, min(1.0, x)))}%"


def _holder_words(b: Board, p: int, who: int, pays: str, it: str) -> str:
    """Activating chamber p, where division `who` holds the majority, pays it: said as it
    is, with what the recycle then takes from that division there ("Blue holds its
    majority and collects 2 Test Subjects, but loses its 1 Cake Slice there as E is
    recycled"). (Spelt here: the bots may use only the engine's public API, which has no
    `words`.)"""
    lost = [f"{n} {thing}{'s' if n > 1 else ''}"
            for n, thing in ((b.sub[p][who], "Test Subject"), (b.cake[p][who], "Cake Slice"))
            if n]
    text = f"{DIVISIONS[who].name} {_held(b, False)} and collects {pays}"
    if lost:
        text += f", but loses its {' and '.join(lost)} there as {it} is recycled"
    return text


def _winners(winners: tuple[int, ...], me: int) -> str:
    """Who wins, said to `me`: "you win", "you share the win", "Blue wins"."""
    if me in winners:
        return "you win" if len(winners) == 1 else "you share the win"
    names = [DIVISIONS[w].name for w in winners]
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'}"


def _plan_words(b: Board, me: int, plan: tuple[int, int, int, int]) -> str:
    """What a turn plan (from, to, count, activate) does, judged on the fast model."""
    src, dst, k, x = plan
    s = "s" if k > 1 else ""
    text = (f"move {k} Test Subject{s} from {PANEL_LETTERS[src]} to {PANEL_LETTERS[dst]}")
    c = b.copy()
    c.move(me, src, dst, k)
    if c.sub[dst][me] < b.sub[dst][me] + k:
        # The Turret there destroys them as they come in (a play-tester followed such a
        # plan, told nothing of it).
        text += f", where the Turret destroys {'them' if k > 1 else 'it'}"
    if c.over is not None:
        # The move itself ends the game (into the Turret, say): no activation follows, and
        # the plan had told one as if the game went on (a play-tester).
        return text + f": this ends the game at once, and {_winners(c.over, me)}"
    if x < 0:
        return text
    who = c.rewarded(x)
    letter = PANEL_LETTERS[x]
    if who == me:
        text += (f", then activate {letter}, where {_held(c, True)}: "
                 f"it pays you {_pays_to(c, x, me)}")
        # What the recycle then takes from the player, said as for another's majority (a
        # play-tester took the suggestion and lost 2 Test Subjects it had not mentioned).
        n = c.sub[x][me]
        if n:
            text += (f", and your {n} Test Subject{'s' if n > 1 else ''} there "
                     f"{'go' if n > 1 else 'goes'} with it as {letter} is recycled")
    elif who is None:
        text += f", then activate {letter}: {_nobody(c, x)}"
    else:
        text += f", then activate {letter}: {_holder_words(c, x, who, _pays_to(c, x, who), letter)}"
    mine = c.cake[x][me]
    if mine:
        text += f" (your {mine} Cake Slice{'s' if mine > 1 else ''} there will be incinerated)"
    else:
        safe = [PANEL_LETTERS[p] for p in c.lab() if c.cake[p][me] and c.depth()[p] >= 2]
        if safe:
            text += f"; your cake in {', '.join(safe[:3])} stays away from the old edge"
    return text


def explain(thinker: Any) -> str:
    """A sentence on why `thinker` (a finished or stopped `Thinker`) chose `best()`; when
    hard's deny step chose it, a second sentence says what it took away."""
    return _explain(thinker) + _deny_note(thinker)


def _deny_note(thinker: Any) -> str:
    search = getattr(thinker, "_search", None)
    denied = getattr(search, "denied", None)
    cands = getattr(search, "cands", None) or []
    if denied is None or not cands or denied.steps[0] != thinker.best():
        return ""
    threats = getattr(search, "threats", {})
    top = max(cands, key=lambda c: (c.mean(), c.visits, c.prior))
    n, m = threats.get(top.key, 0), threats.get(denied.key, 0)
    return (f" The plan rated best left another player a way to end the game and win "
            f"before your next turn on {n} of {DENY_DEALS} sampled deals of the hidden "
            f"cards; this one on {m}.")


def _explain(thinker: Any) -> str:
    view = thinker.view
    me = view.seat
    action: Action = thinker.best()
    b = Board.read(view)
    said = said_to_you(view, action)
    search = getattr(thinker, "_search", None)
    fin = getattr(search, "finish", None)
    if fin is not None and fin.line:
        rest = _line_words(view, fin.line)
        return (f"Suggested: {said}. {_finish_words(fin)}"
                f"{f' (then: {rest})' if rest else ''}.")
    cands = getattr(search, "cands", None) or []
    chosen = _chosen(thinker)
    n_players = view.players
    # The other choices tried, each by its best plan: only those played out at least once
    # (cut short on a busy machine, the search had tried one, and the sentence spoke of
    # "the best of the 4 other choices it tried", judged by medium alone: a play-tester).
    tried: dict[Action, float] = {}
    for c in cands:
        if c.steps and c.steps[0] != action and c.visits > 0:
            tried[c.steps[0]] = max(tried.get(c.steps[0], 0.0), win_chance(c.mean(), n_players))
    others = sorted(tried.values(), reverse=True)
    rating = ""
    if chosen is not None and chosen.visits > 0:
        # (None tried: "Tried in 0 trial games ... it rates 36%" was shown: a play-tester.)
        # In a player's words: a playout is a trial game played on to the next turn (the
        # others' moves in it guessed as medium would play: a model, not who they are), and
        # its verdict a judged chance of winning: an estimate, which the words must not sell
        # as a certainty.
        games = "1 trial game" if chosen.visits == 1 else f"{chosen.visits} trial games"
        rated = _pct(win_chance(chosen.mean(), n_players))
        rating = (f" Tried in {games} played on to your next turn, with the others' moves "
                  f"guessed as the medium computer would play them, it rates "
                  f"{rated} as a chance to win")
        if others:
            n = len(others)
            # A tie is said as one ("does the most for you ... 93%", then "the best of the 4
            # other choices it tried: 93%", read as a contradiction).
            also = "also " if _pct(others[0]) == rated else ""
            rating += (f" (the one other choice it tried: {also}{_pct(others[0])})" if n == 1
                       else f" (the best of the {n} other choices it tried: "
                            f"{also}{_pct(others[0])})")
        rating += "."
    plan = _plan(thinker, b)
    if plan is not None:
        tail = rating if chosen is not None and chosen.key[0] == "move" else ""
        return f"Suggested: {said}. The plan: {_plan_words(b, me, plan)}.{tail}"
    if action.verb is Verb.ACTIVATE:
        p = P(action.args[0])
        who = b.rewarded(p)
        if who == me:
            held = "you have its fewest Test Subjects" if b.rule is Rule.FEWEST \
                else "you hold its majority"
            why = f"{held}; it pays {_pays_to(b, p, me)}"
        elif who is None:
            why = f"{_nobody(b, p)} ({_pays(b, p)})"
        else:
            # Said as it is: the holder collects (it read "it stops Blue collecting its
            # rewards", and Blue collected them: a play-tester).
            why = _holder_words(b, p, who, f"its rewards ({_pays_to(b, p, who)})", "it")
        return f"Suggested: {said}: {why}.{rating}"
    if action.verb in (Verb.PLAY, Verb.GUN, Verb.BURN, Verb.END):
        what = {Verb.PLAY: "of what your cards can do now, its Aperture action does the most "
                           "for you",
                Verb.GUN: "opening a Portal pair does the most for you now",
                Verb.BURN: "the cake would be lost at the old edge anyway",
                Verb.END: "no card makes your turn better now"}[action.verb]
        return f"Suggested: {said}: {what}.{rating}"
    # No figure here: a decision without trial games (a Portal's place after the Portal
    # Gun, say) had its own quick one, which a player read against the trial games' figure
    # of the step before (63% there, then "about 31%" here, read as a fall).
    n = len(view.legal_actions())
    if n == 1:
        return f"Suggested: {said}: the only choice here.{rating}"
    # Not counted: the engine's options are not the page's (eight Portal places were "4
    # choices" in the status, where chambers offer several; a play-tester).
    return f"Suggested: {said}: of the choices here, it leaves you best placed.{rating}"


def said_to_you(view: Any, action: Action) -> str:
    """The engine's sentence for `action`, said to the player who is to take it: "pick your
    Test Subjects in chamber A" for "Orange picks their Test Subjects in chamber A". (The
    suggestion spoke of the player in the third person, then to them: a play-tester.)"""
    text = view.describe(action)
    me = view.names[view.current_player]
    if text.startswith(f"{me}'s "):
        text = "your " + text[len(me) + 3:]
    elif text.startswith(f"{me} "):
        verb, _, rest = text[len(me) + 1:].partition(" ")
        text = f"{_base_form(verb)} {rest}".rstrip()
    else:
        return text
    return text.replace(" their ", " your ")


def _base_form(verb: str) -> str:
    """The verb of an engine sentence ("picks", "finishes", "has") as said to the player."""
    if verb == "has":
        return "have"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("shes", "ches", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def _finish_words(fin: Any) -> str:
    return ("This ends the game on your turn, and "
            f"{'you share the win' if fin.shared else 'you win'}")


def _line_words(view: Any, line: tuple[Action, ...], most: int = 5) -> str:
    """The steps of a winning line after its first, in words said to the player ("place a
    Portal in chamber R (top row), then pick your Test Subjects in chamber E ..."), told
    on a deal of the hidden cards the line plays on; "" if it plays on none tried (it was
    shown in the actions' own codes, "carry 0" read as the opposite of carrying Orange's
    cake: a play-tester)."""
    if len(line) < 2:
        return ""
    for seed in range(4):
        st = view.sample(seed)
        said = []
        try:
            for i, a in enumerate(line):
                if i >= 1:
                    said.append(said_to_you(st, a))
                st = st.apply(a)
        except ValueError:  # the engine's refusal: the line does not play on this deal
            continue
        more = ", ..." if len(said) > most else ""
        return ", then ".join(said[:most]) + more
    return ""


def plan_steps(thinker: Any) -> list[tuple[str, str]]:
    """The steps of the turn plan behind `thinker.best()` still to come after it, each as
    (verb, first argument) of the action that takes it: [("to", "R"), ("count", "2"),
    ("activate", "K")]. The page shows each in turn as the player follows the plan, so the
    suggestion does not change its mind halfway through a move (a second search at the
    move's second step could send the group elsewhere: a play-tester)."""
    fin = getattr(getattr(thinker, "_search", None), "finish", None)
    if fin is not None and fin.line:  # a winning line: each of its actions, in order
        return [(a.verb.value, a.args[0] if a.args else "") for a in fin.line[1:]]
    plan = _plan(thinker, Board.read(thinker.view))
    if plan is None:
        return []
    src, dst, k, x = plan
    steps = [("from", PANEL_LETTERS[src]), ("to", PANEL_LETTERS[dst]), ("count", str(k))]
    if x >= 0:
        steps.append(("activate", PANEL_LETTERS[x]))
    best = thinker.best()
    here = (best.verb.value, best.args[0] if best.args else "")
    return steps[steps.index(here) + 1:] if here in steps else steps


def plan_words(thinker: Any) -> str:
    """The turn plan behind `thinker.best()` as its suggestion tells it, a sentence ("The
    plan: move 1 Test Subject from H to C, then activate J: ...", "This ends the game on
    your turn, and you win"), without its full stop; "" if it has none."""
    fin = getattr(getattr(thinker, "_search", None), "finish", None)
    if fin is not None and fin.line:
        return _finish_words(fin)
    b = Board.read(thinker.view)
    plan = _plan(thinker, b)
    return "" if plan is None else f"The plan: {_plan_words(b, thinker.view.seat, plan)}"


def next_step(steps: list[tuple[str, str]], legal: list[Action]) -> tuple[int, Action] | None:
    """The plan's next step among the legal actions, with how many of `steps` it uses up:
    a step whose decision is not asked (a count when only one Test Subject can go) is passed
    over; None when the decision open now is one the plan does not make, or the plan's
    choice for it is not among the legal actions."""
    verbs = {a.verb.value for a in legal}
    for i, (verb, arg) in enumerate(steps):
        if verb not in verbs:
            continue
        same = sorted((a for a in legal if a.verb.value == verb
                       and (a.args[0] if a.args else "") == arg), key=lambda a: len(a.args))
        return (i + 1, same[0]) if same else None
    return None


def chambers_of(action: Action) -> list[str]:
    """The chamber letters an action names (to show it on the board)."""
    return [a for a in action.args if len(a) == 1 and a in PANEL_LETTERS]


def _chosen(thinker: Any) -> Any:
    """The searched plan `best()` took (several may begin with the same action: the one
    rated best, or the one hard's deny step played instead), or None."""
    search = getattr(thinker, "_search", None)
    action = thinker.best()
    same = [c for c in getattr(search, "cands", None) or [] if c.steps and c.steps[0] == action]
    chosen = max(same, key=lambda c: (c.mean(), c.visits, c.prior)) if same else None
    denied = getattr(search, "denied", None)
    if denied is not None and denied.steps and denied.steps[0] == action:
        chosen = denied
    return chosen


def _plan(thinker: Any, b: Board) -> tuple[int, int, int, int] | None:
    """The turn plan (from, to, count, activate; -1: no activation to tell) behind
    `thinker.best()`, as the sentence tells it and the board marks it; None if it has none."""
    view = thinker.view
    me = view.seat
    action = thinker.best()
    # The turn's activation may be behind it already (Brilliant Plan activates first): then
    # the plan is the move alone.
    pending = activation_pending(view)
    chosen = _chosen(thinker)
    if chosen is not None and chosen.key[0] == "move":
        _, src, dst, k, x = chosen.key
        return (src, dst, k, x if pending else -1)
    if action.verb is Verb.FROM and view.turn == me:
        plans = [t for t in plan_summary(b, me) if t[1][0] == P(action.args[0])]
        if plans:
            _, (src, dst, k), x = plans[0]
            return (src, dst, k, x if pending else -1)
    return None


def plan_chambers(thinker: Any) -> list[str]:
    """The other chambers of the turn plan behind `thinker.best()` (where the group goes,
    the chamber then activated): exactly those the suggestion's sentence names, to show
    beside the action's own."""
    plan = _plan(thinker, Board.read(thinker.view))
    if plan is None:
        return []
    src, dst, _k, x = plan
    out = [PANEL_LETTERS[p] for p in (src, dst, x) if p >= 0]
    own = chambers_of(thinker.best())
    return [q for i, q in enumerate(out) if q not in own and q not in out[:i]]


__all__ = ["chambers_of", "explain", "next_step", "plan_chambers", "plan_steps", "plan_words",
           "said_to_you"]
