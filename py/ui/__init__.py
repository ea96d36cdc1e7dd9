"""The page's user interface, beside the rules engine (`cakegame`).

Pure-Python modules (no browser needed, tested under CPython):
    targets   which legal action each board place or button stands for
    history   undo within a player's turn
    saves     the versioned save format, and its validation
    params    the new-game settings, from the URL query and the form
    labels    short button labels and the division look (colour, shape)
Browser modules (import `pyscript`):
    dom, board, app
    bots_bridge  the seam to `cakegame.bots`: thinking in slices, timed in the page
    hint         'Suggest a move': hard's choice for the person deciding, shown and explained
"""
