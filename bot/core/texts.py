"""The shared catalog's templates: refusals and events every game can produce, and small words.

The game host refuses with ``Refused(code, **params)`` and engines' base class with the codes in
``engines.base``; their words are here (domain ``bazaar``). A game's own codes are worded in
``bot.games.<game>.words``; a game may also override any code below in its own tables.
"""

from __future__ import annotations

from bot.core.catalog import N_

# ---- small words -----------------------------------------------------------------------------------
AND = N_("and")
ON = N_("on")
OFF = N_("off")
NOBODY = N_("nobody")
PLAYER_N = N_("Player {number}")
OPTION_SETTING = N_("{option}: {value}")
"""One chosen option in the lobby: "variant: on"."""
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The computer players' levels."""
UNDO_STATUS = {
    "open": N_("open"),
    "granted": N_("granted"),
    "refused": N_("refused"),
    "withdrawn": N_("withdrawn"),
    "stale": N_("void"),
}
"""How an undo request ended (``undo_closed``: "it was refused")."""
OPTION_TYPES = {"bool": N_("yes or no"), "int": N_("whole number"), "float": N_("number"), "str": N_("word")}
"""What an option takes (``option_type``: "Option variant takes a yes or no, not maybe")."""
VALUE_WORDS: dict[str, dict[str, str]] = {"level": LEVELS, "status": UNDO_STATUS, "expected": OPTION_TYPES}
"""Parameters that the shared catalog words by value: ``level`` "hard", ``status`` "refused" …"""

# ---- events every game shares ---------------------------------------------------------------------
EVENTS: dict[str, str] = {
    "resigned": N_("{seat} left the game"),
    "removed": N_("{seat} was removed from the game after the turn deadline"),
    "skipped": N_("{seat}'s turn was skipped after the deadline"),
}

# ---- endings every game shares ---------------------------------------------------------------------
TERMINATIONS: dict[str, str] = {
    "resigned": N_("the other players left the game"),
    "abandoned": N_("the game was abandoned"),
}

# ---- refusals: engines' base class ----------------------------------------------------------------
REFUSALS: dict[str, str] = {
    "game_over": N_("The game is over."),
    "not_a_move": N_("{move} is not a legal move now."),
    "bad_player_count": N_("This game is for {min}–{max} players, not {count}."),
    "bad_player_count_exact": N_("This game is for {max} players, not {count}."),
    "unknown_option": N_("This game has no option {option}."),
    "option_type": N_("Option {option} takes a {expected}, not {value}."),
    "option_choice": N_("Option {option} must be one of {choices}, not {value}."),
    "no_such_seat": N_("There is no seat {seat}."),
    "already_left": N_("{seat} has already left the game."),
    "no_chance_due": N_("No roll or draw is due now."),
    "no_move": N_("There is no move to make."),
    "no_standing_moves": N_("This game has no standing orders."),
    "unknown_game": N_("There is no game called {text}. Games: {games}."),
    "partial_decision": N_("That is only part of a move: the move is not finished until you {next}. Send it whole."),
    # ---- the game host: finding games, seats, turns --------------------------------------------------
    "no_game": N_("There is no game #{id}."),
    "no_game_here": N_("There is no game #{id} in this server."),
    "other_game_kind": N_("Game #{id} is a {title} game: use /{command}."),
    "several_games_here": N_("Several {title} games post here ({ids}): choose one with the `game` option."),
    "several_games_yours": N_("You are in several {title} games ({ids}): choose one with the `game` option."),
    "no_game_found": N_(
        "There is no {title} game here. Use this command in a game's thread, pick one with the `game` option,"
        " or start one with /{command} new."
    ),
    "already_joined": N_("You are already in game #{id}."),
    "game_full": N_("{title} #{id} is full ({max} players)."),
    "already_started": N_("Game #{id} has already started; you can watch it with /{command} board."),
    "started_use_resign": N_("Game #{id} has started; use /{command} resign to leave it."),
    "not_joined": N_("You are not in game #{id}."),
    "creator_cannot_leave": N_("You created this game; abandon it instead of leaving."),
    "only_creator_starts": N_("Only the game's creator (or someone with Manage Server) can start it."),
    "only_creator_abandons": N_("Only the game's creator (or someone with Manage Server) can abandon it."),
    "too_few_players": N_("{title} needs at least {min} players; {count} joined so far."),
    "not_started": N_("Game #{id} has not started yet."),
    "game_finished": N_("{title} #{id} is over."),
    "game_abandoned": N_("{title} #{id} was abandoned."),
    "not_a_player": N_("You are not playing in game #{id}; you can watch it with /{command} board."),
    "left_the_game": N_("You have left game #{id}."),
    "not_your_turn": N_("It is not your turn: it is {to_move_seat}'s turn."),
    "not_your_turn_chance": N_("It is not your turn: the game is waiting for the dice."),
    "out_of_date": N_("This board is out of date: the game has moved on. Use the latest board in the game's thread."),
    "moved_on": N_(
        "The game moved on while you were deciding (someone played, or this was sent twice); nothing was applied."
        " Look at the latest board and send your move again."
    ),
    "raced": N_("Someone else changed this game at the same moment; nothing was applied. Try again."),
    "resign_moved_on": N_(
        "That question is out of date: game #{id} has moved on since. Use /{command} resign again if you still"
        " want to leave."
    ),
    "already_handled": N_("This was already done: nothing more was applied."),
    "button_gone": N_("That button no longer matches a legal move: use the latest board."),
    "empty_choice": N_("Nothing was chosen: pick an option from the menu."),
    "wrong_server": N_("This button belongs to a game of another server."),
    "too_many_chance": N_("The game's dice ran away with it: too many chance moves in a row."),
    "too_many_computers": N_("At most {max} computer players: a game needs someone to play it."),
    "seat_played_by_computer": N_("A computer plays this seat of game #{id} now."),
    "hints_off": N_("Hints are turned off in game #{id}."),
    "hint_not_your_turn": N_("A hint is for your own decision: it is not your turn."),
    # ---- deadlines ------------------------------------------------------------------------------------
    "too_late": N_("Too late: the game has moved on since this message."),
    "nobody_late": N_("Nobody is holding up this game."),
    "no_deadline": N_("Game #{id} has no turn deadline."),
    "deadline_not_passed": N_("The turn deadline has not passed yet: {left} left."),
    "only_players": N_("Only the players of game #{id} can do this."),
    "your_own_turn": N_("It is your own turn: make your move instead."),
    # ---- undo --------------------------------------------------------------------------------------------
    "undo_not_a_player": N_("You are not playing in game #{id}; only its players can take a move back."),
    "undo_nothing": N_("You have not made a move that could be taken back."),
    "undo_someone_played": N_("Your last move can't be taken back: {seat} has played since."),
    "undo_someone_left": N_("Your last move can't be taken back: {seat} has left the game since."),
    "undo_chance_spoke": N_("Your last move can't be taken back: chance has spoken since ({what})."),
    "undo_asked_already": N_("You have already asked to take this move back; the other players have the buttons."),
    "undo_withdrawn_before": N_("You withdrew your request to take this move back, so the move stands: play on."),
    "undo_refused_before": N_("You asked to take this move back already, and the answer was no: play on."),
    "undo_no_request": N_("There is no such undo request."),
    "undo_closed": N_("This undo request is closed: it was {status}."),
    "undo_own_request": N_("You asked for this undo: the other players decide."),
    "undo_not_asked": N_("Only the players of game #{id} who were asked can answer this request."),
    "undo_moved_on": N_("The game has moved on meanwhile; nothing was taken back."),
    # ---- history ------------------------------------------------------------------------------------------
    "log_empty": N_("Game #{id} has not started: its log is empty."),
    "catchup_spectator": N_("You are not playing in game #{id}: /{command} log shows all that happened."),
    "export_not_player": N_("Game #{id} is still being played: only its players can have its record before it ends."),
    "export_hidden": N_(
        "Game #{id} is still being played and keeps things hidden (a record would show every draw): "
        "its record is yours once it ends."
    ),
    "replay_not_over": N_("Game #{id} is still being played: its animated replay comes when it ends."),
    # ---- lobby and settings ---------------------------------------------------------------------------------
    "server_only": N_("Games are played in a server channel."),
    "start_in_channel": N_("On this server, games are started in <#{channel}>: use /{command} new there."),
    "settings_in_server": N_("Server settings are changed in the server."),
    "settings_need_manage": N_("Only members with Manage Server can see or change Bazaar's settings."),
    "number_out_of_range": N_("{name} must be between {min} and {max}."),
    "bad_value": N_("{text} is not a valid {name}: {allowed}."),
}
