# Reversi 3D, English: everything the player reads outside the Help window.
# Colours are passed as $color = black or white; select on it to write them.

## The status line

status-setting-up = Setting up a position, { $color ->
    [black] Black
   *[white] White
} to move.
status-wins = { $color ->
    [black] Black
   *[white] White
} wins { $high }-{ $low }.
status-wins-fewest = { $color ->
    [black] Black
   *[white] White
} wins { $high }-{ $low } with the fewer discs.
status-draw = Draw, { $high }-{ $low }.
status-passes = { $color ->
    [black] Black
   *[white] White
} has no legal move and passes.
status-suspended = Play is suspended: Resume play (Ctrl+P) lets the computer move.
status-to-move = { $color ->
    [black] Black
   *[white] White
} to move.
status-computer-thinking = { $color ->
    [black] Black
   *[white] White
} (computer) is thinking.
status-friend-to-move = { $color ->
    [black] Black
   *[white] White
} (your friend, online) to move.

## Notices: what happened to the last thing the player tried

notice-ggf-cannot-hold = GGF has no place for a game of { $variant }: save it as a .ron game instead.
notice-already-over = The game is already over.
notice-nothing-to-undo = Nothing to undo or redo there.
notice-move-queued = { $move } queued: it is played when the discs settle.
notice-game-over = The game is over: start a new game or undo.
notice-computer-turn = It is the computer's turn ({ $color ->
    [black] Black
   *[white] White
}).
notice-friend-turn = It is your friend's turn ({ $color ->
    [black] Black
   *[white] White
}): their move comes over the internet.
notice-stale-answer = The computer's answer came for an earlier position.
notice-cannot-play = { $color ->
    [black] Black
   *[white] White
} cannot play { $square }: { $reason }.
notice-cannot-pass = { $color ->
    [black] Black
   *[white] White
} cannot pass: { $reason }.
move-square = { $square }
move-pass = Pass
notice-setup-begin = Setting up a position: click a square to cycle it through empty, black and white.
notice-setup-unplayable = This position cannot be played: { $reason }
notice-setup-done = Position set up, { $color ->
    [black] Black
   *[white] White
} to move.
setup-no-discs = there are no { $color ->
    [black] black
   *[white] white
} discs.
setup-centre-first = with an empty-centre start, the four centre squares are filled before any other.
setup-no-moves = neither side has a legal move, so the game would be over.
setup-centre-empty = the four centre squares hold discs from the start of the game, so none of them can be empty.
setup-centre-order = while the centre is being filled the players place their own colour in turn, { $color ->
    [black] Black
   *[white] White
} first: these centre discs cannot have been placed that way.
setup-centre-turn = while the centre is being filled the players take turns, so it is { $color ->
    [black] Black's
   *[white] White's
} turn.

## Players

player-human = Human
player-computer = Computer ({ $level })
player-online = Friend online
player-sparring = Sparring partner: { $setting } (about { $rating })
sparring-club = club player
sparring-strong-club = strong club player
sparring-master = master
player-with-limit = { $player }, { $limit }
player-time-limit = at most { $seconds } s a move
level-beginner = Beginner
level-intermediate = Intermediate
level-advanced = Advanced
level-expert = Expert
level-numbered = Level { $number }

## The engine's errors

move-error-occupied = { $square } is already taken
move-error-flips-nothing = { $square } flips nothing
move-error-pass-not-allowed = a pass is only allowed when there is no legal move
move-error-off-board = { $square } is not on the board
move-error-flips-nothing-alone = { $square } flips nothing and touches none of the player's own discs
move-error-not-centre = { $square } is not one of the empty centre squares, where the first four discs go
move-error-no-discs-left = the player has no discs left and must pass
move-error-game-over = the game is over
board-error-empty = the board string is empty: expected { $expected } squares (X, O or -) and the side to move
board-error-comment-first = the text starts with a comment (;): write the board string first, then ; and the comment
board-error-square-count = expected { $expected } squares, found { $found }
board-error-missing-side = expected the side to move (X or O) after the { $expected } squares
board-error-disc-off-board = { $square } is not on the { $variant } board, but the board string puts a disc there
board-error-supply-exceeded = the discs on the board are more than the two supplies of { $variant } can have placed
board-error-bad-square = character { $position } ('{ $found }') is not X, O or -
board-error-bad-side = character { $position }: the side to move '{ $found }' is not X or O
board-error-trailing-text = character { $position } ('{ $found }'): unexpected text after the side to move (a comment starts with ;)
transcript-error-unexpected = character { $position } ('{ $found }') is not part of a move: expected a square like f5, a pass (pass, pa, --) or a move number
transcript-error-not-a-square = character { $position } ('{ $text }') is not a square: expected a1 to { $last }
transcript-error-no-moves = the text has no moves, only separators or move numbers: expected squares like f5
transcript-error-illegal-move = move { $number } ({ $move }): { $reason }
illegal-move-flips-nothing = flips nothing
illegal-move-occupied = the square is already taken
illegal-move-game-over = the game is over
illegal-move-off-board = the square is not on the board
illegal-move-flips-nothing-alone = flips nothing and touches none of the player's own discs
illegal-move-not-centre = the first four discs go on the empty centre squares
illegal-move-no-discs-left = the player has no discs left and must pass
illegal-move-pass-not-allowed = a pass is not allowed: { $legal } is legal
ggf-error = GGF game { $game }: { $error }
ggf-error-no-game = the text holds no game: a GGF game starts with (;
ggf-error-many-games = the text holds { $count } games where one was expected
ggf-error-unexpected = character { $position } ('{ $found }'): expected { $expected }
ggf-error-truncated = the game starting at character { $start } is cut short: it has no closing ;)
ggf-error-unclosed = property { $property } at character { $position } has no closing ]
ggf-error-not-othello = GM[{ $found }] is not an Othello game
ggf-error-board-size = the board is { $size }x{ $size } ({ $property }): only square boards of an even size from 4 to 16 can be read
ggf-error-synchro = TY[{ $found }] is a synchro game (two games at once), which cannot be read
ggf-error-bad-value = { $property }[{ $value }] at character { $position }: { $reason }
ggf-error-bad-move = move { $number } at character { $position } ({ $text }): { $reason }
ggf-error-illegal-move = move { $number } at character { $position } ({ $move }): { $reason }

## Files

error-detail = { $detail }
error-no-config-dir = this system has no configuration directory
read-error-missing = there is no such file
read-error-not-a-file = it is not a regular file
read-error-newer-format = it was saved by a newer version (format { $found }); this version reads format { $read }
read-error-too-large = it is too large ({ $bytes } bytes)
notice-file-left = { $path } cannot be read ({ $problem }). It is left as it is and will not be overwritten; { $fallback ->
    [game] no unfinished game is offered
   *[defaults] defaults are used
}.
notice-file-set-aside = { $path } could not be read ({ $problem }). It was kept as { $aside }; { $fallback ->
    [game] no unfinished game is offered
   *[defaults] defaults are used
}.
notice-file-kept = { $path } could not be read ({ $problem }) nor moved aside ({ $error }). It will not be overwritten; { $fallback ->
    [game] no unfinished game is offered
   *[defaults] defaults are used
}.
error-cannot-encode = cannot encode { $path }: { $detail }
error-cannot-write = cannot write { $path }: { $detail }
error-kept-untouched = { $path } could not be read when the game started and is kept as it is
error-write-folder = cannot write { $path }: it is a folder
error-cannot-create = cannot create { $path }: { $detail }
error-locked = { $path } is being updated by another copy of the game
error-cannot-lock = cannot lock { $path }: { $detail }
error-cannot-remove = cannot remove { $path }: { $detail }
error-cannot-read = cannot read { $path }: { $error }
notice-database-opened = Game database: { $games } games from { $folder }.
notice-database-opened-damaged = Game database: { $games } games from { $folder }; { $damaged } of them end early at a move that cannot be played.
notice-database-failed = Cannot open the game database { $folder }: { $error }
notice-database-not-remembered = The game database will not be reopened at the next start: { $error }
notice-database-game-gone = That game is no longer in the database.
error-database-file-too-large = { $path } is too large for a WTHOR file
error-database-no-games = the folder has no WTHOR game files (WTH_YYYY.wtb)
error-wthor-no-header = { $file } is only { $length } bytes, too short for a WTHOR file
error-wthor-ten-by-ten = { $file } holds games of the 10x10 board; only 8x8 games can be read
error-wthor-board-size = { $file } is for a board size ({ $size }) WTHOR does not have
error-wthor-length = { $file } announces { $records } records, { $expected } bytes, but holds { $found } bytes: it is cut short or damaged
error-wthor-too-many-games = { $file } brings the database past its { $most } games
error-wthor-disc-count = { $file }: game { $number } gives Black { $discs } discs, more than the board has
notice-unfinished-goes-on = The unfinished game goes on.
notice-autosave-failed = The game could not be saved automatically: { $error }.
notice-statistics-not-saved = Statistics not saved: { $error }
notice-statistics-reset-not-saved = Statistics reset but not saved: { $error }
notice-options-not-saved = The options apply now but were not saved: { $error }
notice-file-exists = { $path } already exists: the game was not saved over it.
notice-saved = Game saved to { $path }.
notice-not-saved = The game was not saved: { $error }
notice-picture-saved = Picture saved to { $path }.
notice-picture-not-saved = The picture was not saved: { $error }
notice-picture-exists = { $path } already exists: the picture was not saved over it.
notice-opening = Opening { $path }...
notice-recent-not-saved = The list of recent files could not be saved: { $error }.
notice-opened = Opened { $path }.
notice-opened-game = Opened game { $number } of { $path }.
notice-no-such-game = { $path } has no game { $number }; the current game is unchanged.
notice-pasted = Pasted.
notice-paste-failed = The clipboard holds no transcript or position: { $error }. The game is unchanged.
notice-ggf-holds-games = { $path } holds { $count } games: choose one in the list.
notice-cannot-open = Cannot open { $path }: { $error }.
notice-not-a-game = { $path } is not a saved Reversi game, a GGF file or a transcript: { $detail }. The current game is unchanged.
notice-not-ggf = { $path } is not a GGF file this game can read: { $error }. The current game is unchanged.
ggf-game-line = { $number }. { $black } – { $white }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}{ $details }
color-name = { $color ->
    [black] Black
   *[white] White
}
notice-type-column-first = Type a column letter a-{ $last } first, then the row number.
window-title = Reversi 3D
theme-classic = Classic green
theme-red-brown = Red-brown Reversi
theme-white = White Reversi
theme-dark-room = Dark room
theme-high-contrast = High contrast
hints-as-level = as { $level }
hints-exact = exact when solvable
language-system = System (English or Russian)
language-english = English
language-russian = Русский

## Actions: the menus, the toolbar, the shortcuts

keys-either = { $first } or { $second }
action-new-game = New game
action-resign = Resign game
action-undo = Undo move
action-redo = Redo move
action-undo-all = Undo all moves
action-redo-all = Redo all moves
action-resume = Resume play
action-move-now = Move now
action-stop = Stop
action-options = Options
action-statistics = Statistics
action-help = Help
action-about = About
action-reset-view = Reset the view
action-full-screen = Full screen
action-best-line = Show the best line
action-exit = Exit

## Over the board

banner-game-over = Game over
banner-wins = { $color ->
    [black] Black
   *[white] White
} wins!
banner-draw = It's a draw.
banner-score = Black { $black }  –  White { $white }
banner-fewest-discs-win = Reverse Othello: the fewest discs win.
banner-pass = Pass
banner-passes = { $color ->
    [black] Black
   *[white] White
} has no legal move and passes

## Buttons used in many windows

button-new-game = New game
button-review = Review
button-close = Close
button-cancel = Cancel
button-ok = OK
button-open = Open

## The evaluation graph

graph-ahead = { $color ->
    [black] Black
   *[white] White
} +{ $margin }
graph-even = even
graph-start = Start
graph-after-move = After { $number }. { $square }
graph-after-pass = After a pass
graph-not-scored = { $position }: not scored yet
graph-point = { $position }: { $score } ({ $kind })
graph-exact = exact
graph-estimate = estimate
graph-book = opening book
action-with-keys = { $action } ({ $keys })

## The side panel

side-panel-title = Reversi
side-panel-count = { $color ->
    [black] Black
   *[white] White
}: { $count }
side-panel-discs-left = { $count ->
    [one] { $count } disc left
   *[other] { $count } discs left
}
side-panel-thinking = thinking
side-panel-pondering = thinking on your time
side-panel-study-side = Study (the book, or the puzzle)
side-panel-to-move = to move
side-panel-opening = Opening: { $name }
side-panel-evaluation = Evaluation
side-panel-moves = Moves
side-panel-comment-hint = A comment on { $move }…
notice-comment-no-move = That move is no longer in the game: the comment was not kept.
search-solved = solved { $empties } empties
search-probable = solved { $empties } empties at { $percent } %
search-hints = Hints
search-depth = depth { $depth }
search-million-nodes = { $count } M nodes
search-thousand-nodes = { $count } k nodes
toolbar-new-game = New game
toolbar-undo-all = Undo all
toolbar-undo = Undo
toolbar-redo = Redo
toolbar-redo-all = Redo all
toolbar-resign = Resign
toolbar-resume = Resume
toolbar-reset-view = Reset view
move-list-start = start
move-list-pass = pass
move-list-side-lines = Side lines
move-list-side-line-instead = Side line, played instead of { $move }: click to go there
move-list-side-line-after = Side line after the last move of the record: click to go there
move-list-side-line-more = +{ $count } more

## The menus

menu-game = Game
menu-save-game = Save game…
menu-open-game = Open game…
menu-copy-transcript = Copy transcript
menu-copy-position = Copy position
menu-paste = Paste transcript or position
menu-review-game = Review game
menu-set-up = Set up position…
menu-save-picture = Save position as picture…
menu-game-record = Game record (kifu)…
menu-move = Move
menu-show-hints = Show hints (a score for every move)
menu-evaluation-graph = Evaluation graph (the engine's score after every move)
menu-new-game-from = New game from
menu-random-start = A random start
menu-xot = An XOT opening (8 moves, near even)
notice-xot-othello-only = XOT openings are for 8x8 Othello with Black first: choose it in Options > Board and rules.
menu-random-discs = { $discs } discs
menu-handicap-for = A handicap for { $color ->
        [black] Black
       *[white] White
    }
menu-handicap-corners = { $corners ->
        [one] { $corners } corner
       *[other] { $corners } corners
    }
notice-no-corners = This board has no corners for a handicap.
menu-analyse = Analyse until I stop
side-panel-analysis = Analysis
side-panel-time-spent = { $minutes ->
        [0] under a minute spent
        [one] { $minutes } minute spent
       *[other] { $minutes } minutes spent
    }
analysis-not-now = Analyses a position that is yours to study (your turn, or play suspended).
analysis-starting = Searching…
analysis-depth = Depth { $depth }, going deeper
analysis-stopped = Stopped at depth { $depth }
analysis-solved = Solved to the end of the game
menu-view = View
menu-help = Help
menu-help-rules = Rules
menu-help-playing = Playing
menu-help-menus = The menus
menu-help-options = Setting game options
menu-help-strategy = Strategy guide
menu-study = Study
menu-opening-trainer = Opening trainer…
menu-puzzles = Puzzles…
trainer-title = Opening trainer
trainer-choose = Practise an opening
trainer-opening = Opening:
trainer-any-line = Any book line
trainer-colour = You play:
trainer-start = Start
trainer-due = Due again today
trainer-summary = How each opening has gone
trainer-summary-drill = Opening
trainer-summary-box = Box
trainer-summary-right = Right
trainer-summary-wrong = Wrong
trainer-summary-due = Due
trainer-drill = { $line } as { $color ->
    [black] Black
   *[white] White
}
trainer-play = Play the book's move on the board; the book answers.
trainer-book-move = A book move: the book rates it { $score } for you.
trainer-not-book = Not the book's move: it costs { $cost } { $cost ->
    [one] disc
   *[other] discs
}. The book plays { $best }; the line to remember: { $line }.
trainer-try-again = Try again
trainer-go-on = Go on from here
trainer-passed = Line complete, every move the book's: it comes back later.
trainer-failed = Line complete with { $mistakes } { $mistakes ->
    [one] move
   *[other] moves
} off the book: it comes back tomorrow.
trainer-stop = Stop
study-due-now = now
study-due-in = in { $days } { $days ->
    [one] day
   *[other] days
}
puzzles-title = Puzzles
puzzles-next = Next puzzle
puzzles-own-count = { $count } from your games
puzzles-empties = { $count } empty
puzzles-new = not tried
puzzles-tried = right { $right }, wrong { $wrong }, due { $due }
puzzles-play = Play
puzzles-ffo = Endgame problem FFO #{ $number }
puzzles-own = Your game of { $game }, move { $number }
puzzles-find = { $color ->
    [black] Black
   *[white] White
} to move: find the best move. ({ $name })
puzzles-play-answer = Play your answer on the board.
puzzles-checking = Checking { $answer }…
puzzles-exact = exact
puzzles-estimated = estimated
puzzles-right = Right: { $answer } is a best move, { $score } ({ $kind }).
puzzles-wrong = { $answer } gives { $score } ({ $kind }); the best, { $best }, gives { $best_score }. The opponent's best reply: { $reply }.
puzzles-try-again = Try again
notice-study-not-saved = Your practice was not saved: { $error }
notice-drill-refused = That drill cannot start: { $error }
notice-puzzle-refused = That puzzle's position cannot be set up.
notice-drill-passed = Opening line complete without a mistake.
notice-drill-failed = Opening line complete, { $mistakes } off the book.
notice-puzzle-not-checked = The answer could not be checked: { $error }
notice-puzzles-added = { $count } new { $count ->
    [one] puzzle
   *[other] puzzles
} from this game's mistakes (Study > Puzzles).
menu-help-history = History of the game
menu-help-shortcuts = Keyboard shortcuts
menu-help-index = Index
menu-help-about = About
notice-copied = Copied: { $transcript }
notice-copied-nothing = Copied: (no moves yet)
notice-no-clipboard = No clipboard on this system.
notice-clipboard-empty = The clipboard holds no text.

## Save game, Open game, a GGF file's games

file-save-title = Save game
file-open-title = Open game
file-save = Save
file-saved-games = Saved games:
file-name = File:
file-save-hint = .ron keeps everything (moves to redo, players, clock); a name ending in .ggf writes GGF, for game servers, NBoard and other programs.
file-open-hint = A saved game (.ron), a GGF file of one or many games, or a transcript (f5d6c3...).
file-database-title = Open game database
file-database-hint = The folder of WTHOR files (WTH_1977.wtb ... with WTHOR.JOU and WTHOR.TRN), as downloaded from the French Othello federation.
database-title = Game database
database-none = No game database is open.
database-reading = Reading { $folder }…
database-folder = { $games } games from { $folder }
database-choose = Choose folder…
database-where = The French Othello federation publishes every tournament game since 1977 as WTHOR files (ffothello.org, "Base WTHOR"). Download them into a folder and choose it here: for the position on the board you then see each move played from it and the games that reached it.
database-standard-only = The database holds games of standard 8x8 Othello; this board has other rules.
database-no-moves = No game of the database reached this position.
database-move = Move
database-games = Games
database-score = Average score
database-won = Won
database-games-shown = Games { $from }–{ $to } of { $total } that reached this position
database-earlier = Earlier
database-later = Later
database-year = Year
database-black = Black
database-white = White
database-result = Result
database-tournament = Tournament
database-replay = Replay
menu-game-database = Game database…
file-filter-games = Games (saved games, GGF, transcripts)
file-filter-saved = Saved game (.ron)
file-filter-ggf = GGF game (.ggf)
file-filter-picture = PNG picture
notice-chooser-failed = The system's file chooser did not open: type the file's path instead.
file-recent = Recent games
file-recent-none = No recent games
file-picture-title = Save picture
file-picture-hint = A PNG picture of the board from above with its coordinates, to share or print.
picture-discs = Black { $black } – White { $white }.
picture-record = Game record: { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
picture-record-players = { $black } – { $white }. { $record }
record-title = Game record
record-save-picture = Save picture with the position…
file-replace-question = { $path } already exists. Replace it?
file-replace = Replace
game-list-title = Open game: { $name }
game-list-count = { $count ->
    [one] { $count } game. Choose it:
   *[other] { $count } games. Choose one:
}

## The game review

review-title = Game review
review-working = The engine is going through the game…
engine-busy-waiting = Waiting for the engine: the computer's move and the searches you see go first.
review-progress = move { $done } of { $total }
review-game-changed = The game has changed since this review.
review-no-mistakes = No mistakes: every move was as good as the engine's best.
review-mistakes = { $count ->
    [one] { $count } move lost discs against the best move. Click it to see its position and the better line.
   *[other] { $count } moves lost discs against the best move. Click one to see its position and the better line.
}
review-mistake = { $number }. { $color ->
    [black] Black
   *[white] White
} { $played } loses { $loss }: { $best } was best ({ $best_score } against { $played_score }), { $kind }
review-exact = exact
review-estimated = estimated
review-book = opening book
review-again = Review again
review-player = Player
review-moves = Moves
review-average-loss = Average loss
review-mistake-count = Mistakes
review-blunder-count = Blunders
review-color = { $color ->
    [black] Black
   *[white] White
}
graph-mistake = A mistake: this move lost { $loss } against { $best }.
graph-blunder = A blunder: this move lost { $loss } against { $best }.

## Set up position, Statistics, the unfinished game

setup-title = Set up position
setup-how = Click a square (or type it) to make it black, then white, then empty.
setup-counts = Black { $black }, White { $white }
setup-to-move = To move:
setup-clear = Clear the board
setup-start = Start position
setup-done = Done
statistics-variant = Games of { $variant }
statistics-title = Statistics
statistics-black-vs-white = Black vs White
statistics-black = Black
statistics-white = White
statistics-computer-vs-user = Computer vs { $name }
statistics-computer = Computer
statistics-friend-vs-user = Friends online vs { $name }
statistics-friend = Friends
statistics-reset = Reset
statistics-reset-question = Clear every game of { $variant } from the statistics? This cannot be undone.
statistics-reset-confirm = Reset these records
statistics-wins = Wins
statistics-draws = Draws
statistics-discs = Total discs
statistics-games = Games
unfinished-title = Unfinished game
unfinished-offer = A game was in progress when Reversi last closed (saved { $date } UTC): after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, Black ({ $black_player }) has { $black } discs and White ({ $white_player }) { $white }, { $color ->
    [black] Black
   *[white] White
} to move.
unfinished-continue = Continue it

## Options

options-title = Options
options-display = Display
options-language = Language
options-theme = Theme
options-show-valid-moves = Show valid moves
options-preview-moves = Preview moves (show the disc and the flips under the pointer)
options-animate-moves = Animate moves
options-animation-speed = animation speed
options-sound = Sound
options-volume = volume
options-ui-scale = size of menus, panel and windows
options-board-colour = Board colour
options-valid-move-colour = Valid-move colour
options-active-square-colour = Active-square colour
options-move-indicator-colour = Move-indicator colour
options-players = Players
options-computer-time = Computer's time
options-time-of-level = each level's own
options-hints = Hints
options-ponder = Pondering
options-ponder-check = The computer thinks on your time
names-title = Welcome to Reversi
names-why = Who is playing? Your name goes into the games you save, their GGF files, the game record and the statistics, and online games. Name a second player too if two people play at this computer. Options can change both later.
names-play = Play
names-skip = Not now
options-second-name = Second player (two people here)
options-second-name-hint = White's name when two people play here
options-pace = Computer's pace
options-pace-instant = Answers at once
options-pace-seconds = At least { $seconds } s a reply
options-book = Opening book
options-book-check = The computer plays the book's moves in the opening
options-analysis = Analysis search
options-threads-all = every core
options-threads = { $count ->
    [one] { $count } thread
   *[other] { $count } threads
}
options-table = table { $mb } MB
options-level-numbered = Computer, numbered level…
options-level-number-hint = Level 1 to 60: the plies the computer searches (and it solves the ending from 8 more empty squares). The four named levels are about 2, 6, 10 and 16.
options-variant = Board and rules
variant-othello = Othello { $size }×{ $size }
variant-reversi = Reversi, side-by-side start, { $size }×{ $size }
variant-eight-star = Eight-star Othello
variant-reversi-1876 = Reversi, 1876 rules
variant-reverse = Reverse Othello { $size }×{ $size }
variant-custom = Own rules, { $size }×{ $size }
options-board-size = Board size
options-board-shape = Board shape
options-shape-square = square
options-shape-star = eight-star (corners cut)
options-start = Start
options-start-diagonal = diagonal
options-start-side-by-side = side by side
options-start-empty = empty centre
options-supply = Discs
options-supply-shared = shared, borrowing
options-supply-fixed = fixed:
options-supply-each = { " " }each
options-placement = Placing
options-placement-next-to-own = also next to one's own disc, flipping nothing
options-goal = Who wins
options-goal-most = the most discs
options-goal-fewest = the fewest discs (Reverse Othello)
options-first-move = First move
options-scoring = Scoring
options-disc-count = Disc count
options-empties-to-winner = Empty squares to the winner
options-clock = Clock
options-minutes = { " " }min
options-seconds-a-move = { " " }s/move
options-clock-off = off
options-when = Players change at once; board and rules, first move, scoring and clock from the next new game.
options-restore-defaults = Restore defaults
notice-type-row = { $column }_ : type a row number 1-{ $rows }
notice-type-row-more = { $square }_ : type another digit for a row up to { $rows }, or Enter to play { $square }
notice-no-such-row = This board has no row { $row }: its rows are 1-{ $rows }.
preparing-board = Preparing the board…
window-title-preparing = { $title } — Preparing the board…
