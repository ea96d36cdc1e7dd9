"""The undo rule (history.History) and replaying a saved history."""

from __future__ import annotations

import pytest
from cakegame.history import History
from enginehelp import pos


def test_undo_goes_back_one_decision_within_the_players_turn():
    start = pos(step="move")
    h = History(start)
    assert not h.can_undo()
    h.play("from F")
    h.play("to G")
    assert h.can_undo()
    assert h.undo().pending["src"] == "F"
    assert h.undo() == start
    assert not h.can_undo()
    with pytest.raises(ValueError, match="nothing to undo"):
        h.undo()


def test_undo_never_goes_past_a_card_taken_from_the_deck():
    h = History(pos(step="move"))
    for a in ("from F", "to G", "count 1"):
        h.play(a)
    assert h.can_undo()
    h.play("bonus card")
    assert h.state.reveals == 1
    assert not h.can_undo()


def test_undo_is_allowed_after_a_free_subject_which_reveals_nothing():
    h = History(pos(step="move"))
    for a in ("from F", "to G", "count 1", "bonus subject A"):
        h.play(a)
    assert h.can_undo()


def test_undo_never_goes_past_another_players_decision():
    h = History(pos(subjects={"E": [1, 2], "A": [1, 1]}, step="activate"))
    h.play("activate E")
    assert h.state.current_player == 1
    assert not h.can_undo()  # seat 1 may not take back seat 0's activation
    h.play("subject A")
    assert h.can_undo()  # but may take back their own delivery
    h.play("subject A")
    h.play("cake A")
    assert h.state.current_player == 0
    assert not h.can_undo()  # seat 0 may not take back seat 1's delivery


def test_undo_never_goes_back_into_the_previous_turn():
    h = History(pos(step="activate"))
    h.play("activate E")
    assert h.can_undo()
    h.play("recycle top")
    assert h.state.turn == 1
    assert not h.can_undo()


def test_undo_is_refused_once_the_game_is_over():
    h = History(pos(subjects={"E": [1, 1], "A": [1, 0]}, step="activate"))
    h.play("activate E")
    h.play("recycle top")
    assert h.state.is_over and not h.can_undo()


def test_history_replays_from_json_and_logs_sentences():
    h = History(pos(step="move"))
    for a in ("from F", "to G", "count 2", "activate E", "recycle top"):
        h.play(a)
    again = History.from_json(h.to_json())
    assert again.state == h.state
    assert [str(a) for a in again.actions] == ["from F", "to G", "count 2", "activate E",
                                               "recycle top"]
    log = h.log()
    assert log[2] == "Orange moves 2 Test Subjects from chamber F to chamber G (middle row)"
    assert log[4] == "Orange recycles chamber E into the top row"


def test_damaged_history_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="damaged JSON"):
        History.from_json("{not json")
    h = History(pos(step="move"))
    h.play("from F")
    text = h.to_json().replace('"from F"', '"from B"')
    with pytest.raises(ValueError, match="action 1"):
        History.from_json(text)
