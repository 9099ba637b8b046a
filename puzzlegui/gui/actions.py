"""The window's actions and menus, as one table: each action's name, words, shortcut,
status tip and what it calls on the window; the checkable ones say where their state
is kept.  The window builds them (``build``) and wires nothing else here; ``sync`` says
which are enabled, from the game's state, in one place."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

K = QKeySequence.StandardKey

#: name: (text, the window's method (a dotted path), shortcut(s), status tip, checked from)
#: ("documents.save" is window.documents.save: gui/documents.py)
#: "checked from" is None (not checkable), a setting's name, or "area.<flag>" (a panel)
ACTIONS: dict[str, tuple] = {
    "new": ("&New random puzzle…", "documents.new_random", K.New, "Generate a new puzzle", None),
    "open": ("&Open…", "documents.open_dialog", K.Open, "", None),
    "open_folder": ("Open a &folder of puzzles…", "documents.open_folder_dialog", "Ctrl+Shift+O", "", None),
    "copy": ("&Copy the puzzle", "documents.copy_puzzle", "Ctrl+Shift+C", "Its game ID or layout, and a picture", None),
    "copy_tatham": ("Copy &Tatham's game ID", "documents.copy_tatham_id", "Ctrl+Alt+C",
                    "The ID Simon Tatham's own program for this puzzle accepts", None),
    "open_web": ("Open in a &web browser", "documents.open_in_browser", "Ctrl+Alt+W",
                 "This puzzle in Tatham's online collection", None),
    "paste": ("&Paste a puzzle", "documents.paste_puzzle", "Ctrl+Shift+V",
              "Open a game ID, layout or puzzle file from the clipboard", None),
    "export_image": ("&Export the board as an image…", "documents.export_image", "Ctrl+Shift+E", "PNG or SVG", None),
    "export_pdf": ("Print to P&DF…", "documents.export_pdf", "Ctrl+Shift+P",
                   "This puzzle, or the whole collection: puzzles per page, solutions", None),
    "print": ("&Print…", "documents.print_puzzles", K.Print, "", None),
    "save": ("&Save", "documents.save", K.Save, "", None),
    "save_as": ("Save &As…", "documents.save_as", K.SaveAs, "", None),
    "edit": ("&Edit board…", "documents.edit_board", "Ctrl+E", "Change the puzzle or enter your own", None),
    "recover": ("&Recover games…", "documents.recover_games", "Ctrl+Alt+R",
                "Bring back the games of a games database that was set aside as damaged", None),
    "quit": ("&Quit", "close", "Ctrl+Q", "", None),
    "undo": ("&Undo", "undo", K.Undo, "", None),
    "redo": ("&Redo", "redo", (K.Redo, "Ctrl+Y"), "", None),
    "restart": ("Re&start", "restart", "Ctrl+R", "Back to the puzzle as given (undoable)", None),
    "mark": ("&Mark this position", "mark_position", "Ctrl+T",
             "Try a guess from here: the entries after the mark are a trial, in their own look", None),
    "back_to_mark": ("&Back to the mark", "back_to_mark", "Ctrl+Shift+T",
                     "Leave the trial: the board as it was at the mark (one Undo brings the trial back)", None),
    "keep_trial": ("&Keep the trial", "keep_trial", "Ctrl+Alt+T",
                   "The trial's entries stay as ordinary entries; the mark goes", None),
    "solve": ("&Solve", "solve", "F5", "", None),
    "stop": ("S&top", "stop_solving", "Esc", "", None),
    "replay_game": ("&Replay my game", "replay_game", "Ctrl+Shift+R",
                    "Your game played back from the puzzle as given, with the replay's slider", None),
    "hint": ("&Hint", "hint", "Ctrl+H", "Make the next sure move and say why", None),
    "check": ("&Check", "check", "Ctrl+K", "Mark broken rules", None),
    "hint_stages": ("Hints in &stages", "_toggle_hint_stages", "Ctrl+Alt+H",
                    "Hint first shows where to look, then the reason, then plays the move", "hint_stages"),
    "sure": ("Do the s&ure steps", "aids.sure_steps", "Ctrl+Shift+H",
             "Make every move the deductions alone can make from here (one undo step)", None),
    "correct": ("Correct so &far?", "correct_so_far", "Ctrl+Shift+K",
                "Mark your entries that no solution of the puzzle contains", None),
    "rewind": ("Undo to before my first &mistake", "aids.undo_to_first_mistake", "Ctrl+Shift+M",
               "Go back to the last position from which the puzzle can still be solved", None),
    "mark_mistakes": ("&Mark mistakes as I play", "_toggle_mark_mistakes", "Ctrl+M",
                      "Show broken rules on the board after every move", "mark_mistakes"),
    "zoom_in": ("Zoom &in", "board_view.zoom_in", ("Ctrl+=", "Ctrl++"), "Bigger cells (Ctrl+wheel)", None),
    "zoom_out": ("Zoom &out", "board_view.zoom_out", "Ctrl+-", "Smaller cells, down to fitting the window", None),
    "zoom_fit": ("&Fit the window", "board_view.fit", "Ctrl+0", "The whole board in the window", None),
    "library": ("&Library", "_toggle_library", "Ctrl+L",
                "The puzzles to choose from, in a drawer beside the board", "area.library_open"),
    "solver_bar": ("Sol&ver bar", "_toggle_solver_bar", "F6",
                   "Solve, the replay and the search's settings, over the board", "area.solver_open"),
    "side_panel": ("The puzzle's &panel", "_toggle_side_panel", "F9",
                   "The kind's own panel: the strips' palette, the Tracks message", "area.side_open"),
    "help": ("&Help for this puzzle", "show_help", K.HelpContents, "", None),
    "about": ("&About puzzlegui", "about", None, "", None),
    "stats": ("S&tatistics\u2026", "show_stats", "Ctrl+I", "Best times, puzzles solved, help taken", None),
    "show_met": ("Colour &met and broken counts", "_toggle_line_aids", "Ctrl+Shift+G",
                 "Counts turn green when met and red when broken; off: no spoilers", "show_met"),
    "show_remaining": ("Line &tallies", "_toggle_line_aids", "Ctrl+Shift+N",
                       "Beside each line: what its count still needs (Tracks), its X and O counts (Kurosu)",
                       "show_remaining"),
    "pause": ("&Pause", "toggle_pause", "F8", "Hide the board and stop the clock; F8 again goes on", False),
    "show_clock": ("Show the &clock", "_toggle_clock", "Ctrl+Shift+L",
                   "The time on this puzzle in the status bar (it counts all the same)", "show_clock"),
}

#: the menu bar: each menu's actions in order (None: a separator); View ends with the
#: panels and the Colours submenu, which the window adds
MENUS: dict[str, list] = {
    "&File": ["new", "open", "open_folder", None, "save", "save_as", None, "edit", None,
              "copy", "copy_tatham", "open_web", "paste", "export_image", "export_pdf", "print", None, "recover", None,
              "quit"],
    "&Edit": ["undo", "redo", "restart", None, "mark", "back_to_mark", "keep_trial"],
    "&View": ["zoom_in", "zoom_out", "zoom_fit", None, "pause", "show_clock", "show_met", "show_remaining",
              None, "stats", None, "library", "solver_bar", "side_panel"],
    "&Solve": ["solve", "stop", "replay_game", None, "hint", "hint_stages", "sure", None, "check", "correct",
               "rewind", None, "mark_mistakes"],
    "&Help": ["help", "about"],
}


def _resolve(window, path: str):
    target = window
    for part in path.split("."):
        target = getattr(target, part)
    return target


def build(window) -> dict:
    """Every action of ACTIONS on ``window``, by name; each calls its method (looked up
    when triggered, so a method replaced later is the one called)."""
    actions = {}
    for name, (text, slot, shortcut, tip, checked) in ACTIONS.items():
        action = QAction(text, window)
        if shortcut is not None:
            keys = shortcut if isinstance(shortcut, tuple) else (shortcut,)
            action.setShortcuts([QKeySequence(k) for k in keys])
        if tip:
            action.setStatusTip(tip)
        if checked is not None:
            action.setCheckable(True)
            if isinstance(checked, str):
                action.setChecked(bool(_resolve(window, checked) if checked.startswith("area.")
                                       else getattr(window.settings, checked)))
        action.triggered.connect(lambda _checked=False, path=slot: _resolve(window, path)())
        actions[name] = action
    return actions


def build_menus(window, actions: dict, extra_view_menu) -> None:
    """The menu bar from MENUS; ``extra_view_menu(menu)`` adds to View what is not an
    action of the table (the Colours submenu)."""
    shell = {a.text(): a.menu() for a in window.menuBar().actions() if a.menu() is not None}
    for title, names in MENUS.items():
        menu = shell.get(title) or window.menuBar().addMenu(title)  # the window's shell made it empty
        for name in names:
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[name])
        if title == "&View":
            menu.addSeparator()
            extra_view_menu(menu)


def sync(window) -> None:
    """Enable each action as the game's state allows: a game on show, its history (undo,
    redo), a trial, a search, generation or replay under way, the pause, the kind."""
    solving = window.solving.running()
    a = window.actions_by_name
    has = window.history is not None
    a["undo"].setEnabled(has and window.history.can_undo)
    a["redo"].setEnabled(has and window.history.can_redo)
    a["restart"].setEnabled(has)
    a["solve"].setEnabled(has and not solving)
    # Esc only means Stop while something runs; otherwise it reaches the board
    # (Strips uses it to drop a half-made cut)
    a["stop"].setEnabled(
        solving or window.documents.gen_task is not None or window.solving.in_replay
    )
    for name in ("save", "save_as", "edit", "hint", "check", "sure", "correct", "rewind", "mark"):
        a[name].setEnabled(has)
    tatham = has and bool(getattr(window.doc.kind, "tatham_name", ""))
    a["copy_tatham"].setEnabled(tatham)
    a["open_web"].setEnabled(tatham)
    trial = has and window.game.trial_start is not None
    a["back_to_mark"].setEnabled(trial)
    a["keep_trial"].setEnabled(trial)
    if window.paused:  # nothing is played on a hidden board
        for name in ("undo", "redo", "restart", "hint", "check", "solve", "sure", "correct", "rewind",
                     "mark", "back_to_mark", "keep_trial"):
            a[name].setEnabled(False)
    a["pause"].setEnabled(has)
