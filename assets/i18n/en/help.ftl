# Reversi 3D, English: the Help window.

help-title = Help
help-tab-rules = Rules
help-tab-playing = Playing
help-tab-menus = Menus
help-tab-options = Options
help-tab-strategy = Strategy
help-tab-shortcuts = Shortcuts
help-tab-index = Index
help-tab-about = About
help-tab-history = History

## Rules

help-rules-board-heading = The board and the start
help-rules-board = Reversi is a game for two, Black and White, on a board of 8 by 8 squares. Every disc is black on one side and white on the other. Squares are named by a column letter and a row number: the columns a to h run from left to right and the rows 1 to 8 from top to bottom, so a1 is the top-left corner and h8 the bottom-right one.
help-rules-start = The game starts with four discs in the centre: White on d4 and e5, Black on d5 and e4. Black moves first (the Options can hand the first move to White).
help-rules-start-caption = The start. The yellow dots are Black's four possible first moves: d3, c4, f5 and e6.
help-rules-moving-heading = Moving and flipping
help-rules-moving = On your turn you put one disc of your colour on an empty square so that it traps a line of your opponent's discs: the line runs straight (along a row, a column or a diagonal) from the new disc to another disc of yours, with no empty square and none of your own discs in between. Every trapped disc turns over to your colour. A move may trap lines in several directions at once, and then all of them flip.
help-rules-moving-only = Only lines that the new disc closes flip: a disc that is already between two of yours stays as it is, and flipped discs never set off further flips. A move that traps nothing is not allowed.
help-rules-outflank-before = Black to move: c3 traps c4 and c5 against c6, and d4 and e5 against f6.
help-rules-outflank-after = After c3 (ringed): four discs flipped (red dots). d3 stays white: nothing black lies beyond it.
help-rules-passing-heading = Passing
help-rules-passing = If you have no move that traps anything, you must pass and your opponent plays again. You may never pass while you have a legal move. The game announces a forced pass and plays it for you.
help-rules-pass-caption = White to move has no legal move: the only white disc, b1, traps nothing. White passes and Black plays a1.
help-rules-end-heading = The end and the score
help-rules-end = The game ends when neither player can move: usually because the board is full, sometimes earlier, when one colour has been wiped out or the empty squares cannot be reached by either side. The player with more discs wins; equal counts are a draw.
help-rules-scoring = Scoring counts the discs of each colour. An optional rule (in the Options) gives the empty squares left at the end to the winner, so a win with squares to spare scores more; in a draw they are shared.
help-rules-variants-heading = Other boards and rules
help-rules-variants = The game has a long history, and Options > Board and rules plays the forms it has taken. Each rule can also be combined with any board.
help-rules-variant-sizes = Othello on other boards: any even size from 4x4 to 16x16 (columns a to p, rows 1 to 16), with the same diagonal start in the centre. 10x10 is Grand Othello; 6x6 is small enough to be solved: with perfect play the second player wins 20-16.
help-rules-variant-reversi = Reversi with a side-by-side start: the same colours next to each other (Black on the two upper centre squares, White on the two lower ones), then Othello's rules.
help-rules-variant-eight-star = Eight-star Othello: a 10x10 board without three squares at each corner (88 squares). Its eight corners, such as c1 and a3, can never be outflanked.
help-rules-variant-1876 = Reversi by the rules of 1876: the board starts empty, and the first four moves (White, Black, White, Black) each put a disc on an empty centre square without flipping, so two different starts can arise. Each player has 30 discs and may not borrow: a player with none left passes (the side panel shows how many are left), and when both have placed all their discs the game ends with four or more squares empty. A disc may also go, flipping nothing, on an empty square next to one of your own discs.
help-rules-resign = A player who resigns (or runs out of time on the clock) loses, every square of the board going to the winner (64-0 on the standard board).

## Playing

help-playing-mouse-heading = With the mouse
help-playing-mouse-click = Left-click a square to play there.
help-playing-mouse-markers = Markers on the board show the legal moves; hovering over a legal square highlights it, and with move previews on, shows the disc you would place and the discs that would flip.
help-playing-mouse-view = Drag with the right button to turn the view around the board; the wheel zooms in and out. { $keys } puts the view back.
help-playing-keyboard-heading = With the keyboard
help-playing-keyboard = Type the column letter, then the row number: d then 3 plays d3. After the letter the game waits for the number; Escape cancels the letter. The menus' shortcuts are listed on the { $page_shortcuts } page.
help-playing-computer-heading = Playing the computer
help-playing-computer = The computer thinks in the background, so the window stays responsive and you can turn the view or open menus while it thinks. Choose who plays each colour and the computer's level in the Options; changes take effect at once.
help-playing-computer-search = While the computer thinks, the side panel shows its search under its name: how deep it has looked (or how many empty squares it has solved), its score for the move it would play, the positions searched and the line it expects. In the opening the computer plays from its opening book, made by this program's own deep searches: at once, and with some variety below Expert (a weaker level picks among the book moves close to the best), so games do not repeat. Move > Show hints writes a score on every legal square: the expected disc margin after that move, the best in green; = marks an exact score, b a score from the opening book. The Options set how strong the hints are: as any level, or exact whenever the position can be solved.
help-playing-undo-heading = Undo, redo and resume
help-playing-undo = Undo move ({ $undo }) takes back one move, Redo move ({ $redo }) plays it again; Undo all ({ $undo_all }) and Redo all ({ $redo_all }) go to the start or to the last move played. You can undo after the game has ended, and undo while the computer thinks stops its search.
help-playing-suspended = When undo or redo stops on the computer's turn, play is suspended: the computer waits, so you can step through the game at your own pace. Meanwhile the hints and the best line work for whichever side is to move, so you can analyse both sides' moves.
help-playing-resume = Resume play ({ $keys }) lets the computer move from where you are. Playing a move yourself on your turn also resumes play.
help-playing-move-list = The move list in the side panel numbers the moves one by one, 1 to 60, as Reversi counts them (a pass has no number); moves you have undone stay there, greyed. Click a move to see the position after it, or start for the first position.
help-playing-replace = Playing another move after undoing starts a side line and keeps the moves that were undone: a small gold corner marks the move where a side line leaves the game, and the side lines are listed under the moves; click one to play through it. Playing the move the game went on with simply redoes it. Saved games (.ron) keep every side line; GGF files keep the line on show.
help-playing-files-heading = Options and files
help-playing-options = The Options set the language, the display (theme, legal-move markers, previews, animations, colours, sound, the size of menus, panel and windows), the players, the level and its time, a clock and the scoring rule; the { $page_options } page of this window explains each of them. Games can be saved and opened again with their whole history, and the moves can be copied as a transcript such as f5d6c3 and pasted back.
help-playing-ggf = Save game writes GGF, the format of game servers and NBoard, when the file name ends in .ggf. Open game reads GGF files too; a file of many games lists them (players, result, number of moves, date) so you can choose one.
help-playing-autosave = The game in progress is saved by itself after every move. If Reversi closes before the game is over (the window closed, the computer switched off), the next start offers to continue it.
help-playing-graph-heading = Evaluation graph
help-playing-graph = Under the buttons, the graph shows the engine's score of every position of the game, from Black's point of view: a bar up for Black's advantage, down for White's, its height the expected disc margin. A green dot ends a bar the engine solved exactly, an amber dot a score from the opening book (the value of its deep searches, in the opening); a ring marks an estimate. The engine works them out in the background whenever the computer is not thinking. The blue line marks the position on the board; click a bar to go to that position. Move > Evaluation graph turns it off.
help-playing-review-heading = Game review
help-playing-review = Game > Review game (or Review when a game ends) has the engine go through every move of the game: each position is searched (exactly in the last 18 moves) and every move that lost discs against the best one is listed, with the better move and the scores of both. A bar shows how far the review is; Cancel stops it. Click a mistake to see its position with the better move and the line that follows it as numbered translucent discs.
help-playing-setup-heading = Setting up a position
help-playing-setup = Game > Set up position… turns the board into an editor: click a square (or type it) to make it black, click again for white, once more to empty it. The window beside the board clears the board, puts back the four starting discs and chooses the side to move. Nobody moves and no clock runs while you edit. Done starts a game from the position, with the players and the clock of the Options; a position that cannot be played (a colour with no discs, or no move for either side) is refused with the reason. Cancel brings back the game as it was. A game from a set-up position saves and opens like any other, and hints, the graph and the review work from it.
help-playing-record-heading = Pictures and the game record
help-playing-record = Game > Save position as picture… writes a PNG of the board seen from above, with the coordinates around it and the disc count and whose turn it is below, ready to share or print. Game > Game record (kifu)… shows the game written the way Othello players write it: each disc played carries the number of its move (1, 2, 3… one by one, passes have none), in the colour of the player who played it, and the four starting discs are plain. The record follows the game up to the current move, and Save picture with the position writes the position above the record in one PNG.
help-playing-best-line-heading = The best line
help-playing-best-line = Press { $keys } (or Move > Show the best line) to see the moves the engine expects from the position on the board: translucent discs of the colour that plays each one, numbered in order. Press it again to hide them.
help-playing-openings-heading = Opening names
help-playing-openings = While a game follows a line that Othello players have named (Tiger, Rose, Buffalo, Heath, Cow and some seventy more), the side panel names it, under the status line. The same line played on any of the board's symmetries has the same name, and a game that has left the named line keeps the name of the last one it followed. Only games from the usual start with Black first have opening names.

## Strategy

help-strategy-intro = The disc count only matters at the very end. Until then a position is good when it gives you safe discs and many choices, and leaves your opponent few. The ideas below are the ones that win most games between beginners and good players.
help-strategy-phases-heading = A game in three phases
help-strategy-phases = A game has three phases, and each asks for something different. The sections below explain the ideas named here.
help-strategy-phase-opening = The opening, roughly the first fifteen to twenty moves: play the lines strong players have worked out (the opening book: the { $page_playing } page tells how the game names openings and shows the book's moves, and the opening trainer on the { $page_menus } page drills them), fight for the centre with quiet moves and keep away from the edges.
help-strategy-phase-midgame = The midgame: mobility decides it. Keep your own moves many and your opponent's few, keep your frontier short and let your opponent build the walls, take edges with care, and win tempo, so that your opponent is the first to run out of safe moves and has to give you a corner.
help-strategy-phase-endgame = The endgame, the last dozen or so moves: play for parity, the last move in each region, and count exactly. Every disc now counts, a corner is worth just the discs it brings, and the computer's exact solver shows what perfect play would have been.
help-strategy-corners-heading = Corners and stable discs
help-strategy-corners = A disc in a corner can never be flipped: no line passes through a corner with a square on each side. Discs that can never be flipped again are called stable, and stable discs grow outward from the corners: a disc on an edge can only be trapped along that edge, so an unbroken row of your discs running from your corner along an edge is stable as a whole. Stable areas then spread inward from such edges.
help-strategy-corners-cost = Taking a corner is usually a big gain, but it is not a goal in itself: count how many stable discs it brings and what it gives your opponent in return.
help-strategy-stable-caption = Black's ringed discs fill a triangle from the a1 corner: in every direction they meet black discs up to an edge, so none of them can ever be flipped. Black's other discs can.
help-strategy-xc-heading = X-squares and C-squares
help-strategy-xc = The squares next to an empty corner are dangerous. The X-squares are the diagonal neighbours (b2, g2, b7, g7): a disc there often lets the opponent reach the corner along the diagonal. The C-squares are the edge neighbours (b1, a2, g1, h2, a7, b8, h7, g8): a disc there can let the opponent take the corner along the edge.
help-strategy-xc-avoid = Avoid them while the corner is empty, unless you have checked that the corner cannot be taken, or that giving it up wins something bigger. Once the corner is yours, they are ordinary squares again.
help-strategy-xc-caption = The four X-squares and eight C-squares, beside the corners they give away.
help-strategy-mobility-heading = Mobility
help-strategy-mobility = Mobility is the number of moves you can choose from. The player with more choices can wait for good moves; the player with few is soon forced into bad ones, such as an X-square or giving up an edge. So prefer moves that keep your options open and take away your opponent's.
help-strategy-mobility-few-discs = This is why grabbing many discs early is usually a mistake: every disc you own is one your opponent can flip to reach new squares, and every disc they own is one you may need for your own moves. Few discs in the middle game, well placed, is often strongest.
help-strategy-mobility-caption = Black has only four discs, all inside, and twenty moves (the dots). White has twelve discs in a wall around them and no move at all: it must pass.
help-strategy-frontier-heading = Frontier discs and quiet moves
help-strategy-frontier = A frontier disc touches an empty square. Frontier discs give your opponent something to flip and therefore new moves. Discs surrounded by other discs give nothing away.
help-strategy-quiet = A quiet move flips few discs, preferably only inner ones, and adds no new frontier: it opens no new squares for the opponent. Between two moves, prefer the one that flips less and stays inside your own wall of discs; let your opponent be the one who builds walls.
help-strategy-quiet-before = Black to move. d6 (the dot) is a quiet move: it flips only d5, a disc with no empty square beside it, and d6 itself touches a single empty square.
help-strategy-quiet-after = After d6 (ringed), with d5 flipped (red dot): Black has added no frontier, and White's moves went from seven to five.
help-strategy-centre-heading = The fight for the centre
help-strategy-centre = In the opening the fight is for the sixteen squares from c3 to f6, which players call the sweet sixteen. A move inside them usually flips few discs, all near the middle, and opens nothing new for your opponent; a move out of them, towards the edges, makes frontier discs and gives your opponent new squares to play.
help-strategy-centre-quiet = So in the opening prefer quiet moves that flip one or two discs, keep your discs in the centre, surrounded by others, and let your opponent be the first to break out of the sweet sixteen. Having fewer discs than your opponent at this stage is normal, and often a sign that you are doing well.
help-strategy-centre-caption = After f5 d6 c3 d3 c4 (the Tiger) every disc is still inside the sweet sixteen, c3 to f6; its empty squares are tinted. Each of these moves flipped a single disc.
help-strategy-edges-heading = Edges: balanced and unbalanced
help-strategy-edges = Edge discs are harder to attack than centre discs, but not safe until they are stable. A balanced edge, with your discs placed symmetrically such as six discs from b to g, is hard to break into. An unbalanced edge, such as five discs from b to f that leave one C-square empty, can be attacked: your opponent plays next to it and forces you either to give up a corner or to take one at the moment they choose. The next sections show how.
help-strategy-holes-heading = Odd holes and wedges
help-strategy-holes = An odd hole is a single empty square, or any odd number of them, on an edge between two discs of one colour. It is a weakness when the opponent can play into it and its owner cannot fill it safely. Often the owner cannot fill it at all: the discs beside the hole are the owner's own, so there is nothing to flip from it. The opponent, though, can play there as soon as a disc of the owner's stands next to the hole on the inside with one of the opponent's behind it.
help-strategy-wedges = A disc played into a one-square hole is a wedge. Its two neighbours along the edge both belong to the owner, and a disc on an edge can only be flipped along that edge, so a wedge can never be flipped. It splits the edge in two: each stretch of the owner's discs that reaches from the wedge to a C-square can be taken by playing the corner beyond it. So a wedge usually wins a corner, and with it a stable edge, and the owner cannot even lengthen the edge towards a corner without opening that corner.
help-strategy-hole-caption = White's edge has an odd hole at e1. White cannot fill it: every disc around e1 is White's own, so there is nothing to flip. Black can: e1 (the dot) traps e2 against e3.
help-strategy-wedge-caption = The wedge at e1 (ringed) has flipped e2 and can never be flipped itself. Black now threatens both a1 and h1 (the dots); White cannot remove the wedge, so at least one of the corners is Black's.
help-strategy-holes-leave = When may you leave an odd hole in your own edge? When your opponent cannot reach it: no disc of yours stands next to it on the inside for them to flip, for instance because the discs there are theirs. Then the hole can even be a reserve square, a move only you can play, kept for when you need it. Near the end a one-square hole is also a region of its own, and parity says who should fill it. Otherwise fill the hole while you can, and do not play to an edge in a way that leaves a single gap your opponent can reach.
help-strategy-cases-heading = A White move on an edge: four cases
help-strategy-cases = Before you play to an edge, look at the shape the move leaves there. Each diagram shows the top edge and the two rows under it after a move of White's: the ringed disc is the move, red dots mark the discs it flipped, and yellow dots mark Black's answers.
help-strategy-case-a = A. Safe: White b1 flips c1 to f1 and leaves six White discs from b1 to g1, a balanced edge. Black can take neither corner along it and there is no hole to wedge into; it stays safe as long as White keeps off the X-squares b2 and g2.
help-strategy-case-b = B. A hole: White f1 flips f2 but leaves e1 empty between d1 and f1. White has nothing to flip from e1 and cannot fill it; Black can, trapping e2 against e3 (the dot), and the wedge then threatens a1 across b1 to d1.
help-strategy-case-c = C. A corner lost to an X- and C-square attack: White g1 flips e1 and f1 into a four-disc edge that ends on the C-square g1. Black already holds the X-square b2, safe because the diagonal behind it is Black's, and now plays c1 (the dot), which threatens h1 across d1 to g1.
help-strategy-case-c-defended = C, continued: White's only defence on the edge is b1 (ringed). It takes c1 back but also flips b2, trapped against b3. Now Black takes a1 along the diagonal (the dot), and h1 after it. Without the defence White loses h1; with it, both corners. This is the Stoner trap.
help-strategy-case-d = D. Unbalanced: White b1 flips c1 to e1 and leaves five discs, b1 to f1, beside an empty C-square. If Black can reach g1 (the dot, flipping g2), it threatens a1 across the whole edge, and White must take h1 at once, when Black chooses rather than when White would. The next section shows what that can cost.
help-strategy-unbalanced-heading = Attacking an unbalanced edge
help-strategy-unbalanced = An unbalanced edge, such as five discs from b1 to f1, runs from one C-square to the square next to the other C-square, which is empty. The attacker plays into that empty C-square: the new disc threatens the far corner across the whole edge, so the owner has to take the near corner at once. The owner gets a corner, but the attacker chose the moment, and taking the corner can open a hole on the next edge. The attacker then wedges into it and wins a corner too, often with a whole edge: one corner given, a better one won.
help-strategy-unbalanced-attack = Black to move. White's top edge, b1 to f1, is unbalanced. Black plays g1 (the dot), flipping f2: now Black threatens a1, trapping b1 to f1, and White's only way to stop it is h1, which flips g1 back.
help-strategy-unbalanced-wedge = After g1 and White's h1 (ringed), the right edge has a hole at h2, between h1 and White's discs from h3 to h7. White cannot fill it; Black wedges in at h2 (the dot), flipping g2 and g3, and then takes h8, which makes the whole edge from h2 to h8 Black's and stable.
help-strategy-unbalanced-defence = To avoid this, prefer balanced edges: six discs from b to g leave no empty C-square to attack, and an edge you cannot balance is often better not taken at all. Before you build an edge, ask which corner an attack on it would force you to take, and what taking it would open.
help-strategy-parity-heading = Parity in the endgame
help-strategy-parity = Near the end the board splits into separate empty regions. In a region with an odd number of empty squares, the player who moves there first usually also gets the last move there, and the last move in a region cannot be answered. Try to be the one who plays last in each region: move first into odd regions and leave even regions for the opponent to open.
help-strategy-parity-passes = Passing changes who has parity, so keeping your opponent short of moves near the end can win a region outright. In the last dozen moves, count: the computer solves these endgames exactly, and so can you with patience.
help-strategy-parity-caption = Black to move, ten empty squares. The yellow regions are odd: e2, h3 and a5 of one square each, and five squares at the bottom left. The blue region, h7 and g8, is even. Black plays in the odd regions and leaves h7 and g8 for White to open.
help-strategy-tempo-heading = Tempo and reserve squares
help-strategy-tempo = Often the player who must move loses ground: every move in a quiet position gives something away. A tempo is a move that costs nothing, played so that the opponent has to be the one who opens the next area. Quiet moves, moves into odd regions and reserve squares are the usual ways to win a tempo.
help-strategy-reserve = A reserve square is one that only you can play, now and later, for example an edge or corner square your opponent cannot reach. Do not hurry to take it: it will still be there when you run short of good moves, and then it gives you a free move while your opponent has to go on committing.
help-strategy-reserve-before = Black to move. a8 (the dot) is Black's reserve: White cannot play there, since the only disc beside a8 is White's own a7. Black can play elsewhere first.
help-strategy-reserve-after = a8 played (ringed): it flips only a7 (red dot) and White gains no new move. Black keeps this free move for the moment when every other move would give something away.
help-strategy-openings-heading = Openings
help-strategy-openings = Good players know their openings five or six moves deep, and experts much deeper: the first moves decide who gets the quiet moves later. You need not learn them by heart to start with; the opening's name under the board, the book moves among the hints and Move > Show hints for the computer's reasons help you learn the main lines as you play.
help-strategy-ending-heading = The golden rule of endings
help-strategy-ending = In the ending, count instead of judging by shape: with a dozen empty squares left, every move changes the final score, and a move that looks ugly often wins most. Before you move, ask what each reply leaves your opponent, take the last move in each region where you can, and never give up a corner for nothing.
help-strategy-reading-heading = Further reading
help-strategy-reading = Brian Rose's book "Othello: A Minute to Learn... A Lifetime to Master" explains these ideas and many more with diagrams, from beginner to expert; the national Othello federations and the World Othello Federation publish rules, tournament games and lessons. Playing through your own games with Review and the evaluation graph teaches as much: the moves where the graph turns are the ones to study.

## Menus

help-menu-entry = { $entry }: { $what }
help-menus-new-game = a new game with the players, board and rules, first move, scoring and clock of the Options.
help-menus-resign = give up the game; the opponent is credited 64-0. When you play the computer, you are the one who resigns.
help-menus-save = the game with its whole history; a name ending in .ggf writes GGF for other programs.
help-menus-open = a game saved here, or a GGF file (a file of many games lists them to choose one).
help-menus-recent = the games you opened or saved lately, the newest first: choose one to open it again.
help-menus-game-database = the WTHOR game database: choose the folder of the French federation's WTHOR files once (it is opened again at every start); for the position on the board it lists each move played from it, with the number of games, the average final score and the share won, and the games that reached it, each of which can be replayed on the board.
help-menus-trainer = practise openings: choose a named opening (or any book line) and your colour; the book plays the other side's moves, and you must find the book's moves for yours. A move that is not the book's shows what it costs in discs, the book's move and the line to remember; then Try again or Go on. Lines you get wrong come back the next day, lines you get right later and later; the window shows how each opening has gone.
help-menus-puzzles = find the best move: the FFO endgame problems (the ones strong programs are tested on, easiest first) and the positions of your own games where a move lost 4 discs or more (each finished game is reviewed quietly for them, and so is every game you review). Play your answer on the board: it is checked exactly (or by a deep search far from the end), and a wrong answer shows the opponent's best reply. Puzzles you missed come back sooner.
help-options-book = whether the computer plays the opening book's moves (at once, with variety) or searches from the first move. The hints and the review use the book either way.
help-options-analysis = the threads and the table size of the searches for the hints, the best line and the review; every core and 64 MB unless you choose otherwise.
help-menus-copy = the moves as f5d6c3…, to paste anywhere.
help-menus-copy-position = the position on the board as a board string with the side to move (the variant's name first when it is not standard Othello), which Paste and other Othello programs read back.
help-menus-paste = a transcript, a board string of 64 squares and the side to move, or a GGF game.
help-menus-review = the engine lists the moves that lost discs, with the better move and line.
help-menus-set-up = edit the board square by square and play from there.
help-menus-save-picture = a PNG picture of the board from above with its coordinates, the disc count and whose turn it is, to share.
help-menus-game-record = the game record (kifu): the board with every move's number on the disc that was played there; Save picture writes it as PNG below the position.
help-menus-online = play a friend at another computer over the internet, with no account: make an invitation and send it by any messenger, or paste one to join. Moves, a draw or an undo offered and answered, resignation and a chat line go between the two programs; each checks every move by the rules. If the line drops, the game waits and resumes, even after a restart. The finished game is saved in your games folder with both names.
help-menus-options = language, display, players, the computer's time, hints, first move, scoring, clock (see the { $page_options } page).
help-menus-statistics = wins, draws and discs, Black against White and computer against you.
help-menus-exit = close the game (the game in progress is kept and offered next time).
help-menus-undo = take back a move (stepping over passes).
help-menus-redo = play it again.
help-menus-undo-all = back to the start.
help-menus-redo-all = forward to the last move played.
help-menus-resume = let the computer move after undo or redo stopped on its turn.
help-menus-hints = a score on every legal square.
help-menus-best-line = the engine's expected line as numbered translucent discs.
help-menus-graph = the engine's score after every move, in the side panel.
help-menus-new-game-from = a new game from an XOT opening (eight moves drawn from the game's own list of near-even openings), from a random start of 8 to 20 discs, or with a handicap of 1 to 4 corners for the weaker side.
help-menus-move-now = the computer plays the best move it has found so far.
help-menus-stop = every search of the position stops: the computer's (its turn then waits for Resume play), the hints, the best line, the graph, a review and the analysis; what they found stays.
help-menus-analyse = the engine searches the position deeper and deeper until you stop it, showing its four best lines with their depth and score in the side panel.
help-menus-reset-view = the board seen from the default place.
help-menus-full-screen = the whole screen, or back to the window.
help-menus-help = { $page_rules }, { $page_playing }, { $page_menus }, { $page_options }, { $page_strategy }, { $page_history }, { $page_shortcuts }, { $page_index } and { $page_about }: the pages of this window. The { $page_index } page finds a subject by a word.
help-menus-toolbar-heading = The buttons of the side panel
help-menus-toolbar = New game, Undo all, Undo, Redo, Redo all, Resign, Resume and Reset view do what the menu entries of the same name do; hold the pointer over a button to see its keys. A button is greyed while it can do nothing.

## Options

help-options-intro = Game > Options… opens the Options window. Nothing changes until you press OK; Cancel (or Escape) closes the window and keeps everything as it was.
help-options-language = the language of every menu, window and help page: System follows the language of your computer (Russian on a Russian system, English on any other), or choose English or Русский yourself. It changes as soon as you press OK.
help-options-theme = the board, the frame, the table and the room: Classic green, Red-brown Reversi, White Reversi, a Dark room, and High contrast, which is easy to read for every kind of colour vision and tells its markers apart by shape. Choosing a theme also sets the four colours below.
help-options-valid-moves = markers on the squares where the player to move may play.
help-options-preview = while the pointer is over a legal square, a translucent disc shows the move and the discs it would flip are marked.
help-options-animate = discs turn over one after the other when they flip; the slider sets how fast, from a quarter to four times the normal speed. Without animation a move shows at once.
help-options-sound = the sounds of placing and flipping, an illegal click, a pass, the end of the game and a clock running low; the slider sets their volume.
help-options-ui-scale = how large the menus, the side panel and the windows are drawn, from 75 % to 200 %, for large or distant screens.
help-options-colours = the colours of the board, of the legal-move markers, of the square under the pointer and of the last-move marker, each chosen with a colour picker.
help-options-black-white = Black and White
help-options-players = who plays each colour: Human, or the computer at Beginner, Intermediate, Advanced or Expert, or at a numbered level from 1 to 60 (the plies it searches; the named levels are about 2, 6, 10 and 16). Two humans can play each other, and the computer can play itself. A change applies to the game in progress at once.
help-options-computer-time = the longest the computer may think about one move: each level's own limit, or from 1 s to 120 s for every level.
help-options-hints = how strong the hints of Move > Show hints are: as strong as one of the levels, or exact whenever the position can be solved to the end.
help-options-ponder = while you consider your move, the computer searches your position (to its own level's depth), so it answers from a table that already knows the positions after each of your moves: a stronger answer in the same time. It uses the processor while you think, so it is off unless you turn it on; the side panel says "thinking on your time" while it does.
help-options-variant = the board and rules of the next new game: Othello on 8x8 and on boards from 4x4 to 16x16 (10x10 is Grand Othello), Reversi with the same colours side by side at the start, Eight-star Othello (10x10 without three squares at each corner), or Reversi by the rules of 1876 (an empty board whose first four discs go in the centre, 30 discs each, and a disc may also go next to one of your own without flipping; it brings the red-brown board of its time). Choosing one also sets who moves first. Below the list each rule can be set on its own and combined with any board: the board size, its shape (square or eight-star), the start (diagonal, side by side, or an empty centre filled by the first four moves), the discs (shared, or a fixed number each without borrowing) and placing next to one's own disc. The computer plays every combination at every level.
help-options-first-move = which colour moves first in the next new game.
help-options-scoring = Disc count gives the score as the discs of each colour; Empty squares to the winner also gives the winner the squares left empty at the end.
help-options-clock = when ticked, each player has this many minutes for the whole game, plus the seconds added after each of their moves; a player whose time runs out loses. It starts with the next new game.
help-options-buttons-heading = The buttons
help-options-ok = applies the options and saves them for the next time the game starts.
help-options-cancel = closes the window without changing anything.
help-options-restore = puts every option of the window back as it was when the game was first installed (press OK to keep them).
help-options-saved = The options are kept in settings.ron in the game's configuration folder. First move, scoring and clock start with the next new game; everything else applies at once.

## Index

help-index-find = Find:
help-index-page = ({ $page })
help-index-nothing = No subject has that word.
help-index-board = board and start position
help-index-flipping = flipping, outflanking
help-index-pass = pass
help-index-end = end of the game, score
help-index-empties = empty squares to the winner
help-index-mouse = mouse, click, tap
help-index-keyboard = keyboard, typing a move
help-index-camera = camera, turning the view
help-index-computer = computer player
help-index-book = opening book
help-index-hints = hints
help-index-undo = undo, redo, resume
help-index-move-list = move list
help-index-autosave = autosave, unfinished game
help-index-graph = evaluation graph
help-index-review = game review, mistakes
help-index-record = game record, kifu, picture, PNG
help-index-setup = position setup, editing the board
help-index-best-line = best line
help-index-openings = opening names
help-index-ggf = GGF files
help-index-files = save, open, copy, paste
help-index-statistics = statistics
help-index-resign = resign
help-index-full-screen = full screen
help-index-options = options, settings
help-index-language = language, Russian, English
help-index-themes = themes, colours, contrast
help-index-sound = sound, volume
help-index-levels = levels, computer's time
help-index-clock = clock, time
help-index-corners = corners, stable discs
help-index-xc = X-squares, C-squares
help-index-mobility = mobility
help-index-frontier = frontier, quiet moves
help-index-edges = edges, balanced and unbalanced edges
help-index-parity = parity, endgame, regions
help-index-tempo = tempo, reserve squares
help-index-shortcuts = keyboard shortcuts
help-index-engine = engine, search, learned evaluation
help-index-version = version
help-index-history = history, 1876, Othello, Logistello, Reversi or Othello
help-index-new-game = new game, start game, beginning a game
help-index-database = game database, WTHOR, tournament games
help-index-turn = turn, taking turns, whose move it is
help-index-forfeit = forfeit a turn, no legal move, skip
help-index-rules = rules, how to play, object of the game
help-index-winning = winning, end game, game over, final score
help-index-skill = skill, difficulty, strength of the computer
help-index-ending = ending, endgame, golden rule, counting
help-index-reading = books, further reading, learning
help-index-holes = odd holes, wedges
help-index-edge-attacks = unbalanced edge attack, Stoner trap, sacrifice
help-index-centre = centre, sweet sixteen, quiet opening
help-index-phases = phases: opening, midgame, endgame

## Shortcuts

help-keys-keys = Keys
help-keys-action = Action
help-keys-typing = letter, digit
help-keys-typing-what = Play a move: d then 3 plays d3; on boards of ten rows or more, j 1 0 plays j10 (Enter plays j1)
help-keys-cursor = arrows, Enter or Space
help-keys-cursor-what = Move the cursor over the board, then play the square under it
help-keys-menu = F10 or Alt
help-keys-menu-what = Go to the menu bar; Tab and the arrows move, Enter opens
help-keys-escape = Escape
help-keys-escape-what = Cancel a typed letter; close the window on top
help-keys-pointer = Right-drag, wheel
help-keys-pointer-what = Turn and zoom the view
help-keys-text-fields = Shortcuts do nothing while a text field has the keyboard, for example while you type a file name.

## About

help-about-version = Version { $version }
help-about-tagline = The classic game of Reversi (Othello) on a 3D board.
help-about-engine-heading = The engine
help-about-search = Bitboard move generation and a principal-variation search with iterative deepening, a transposition table and, on several cores, threads that search together.
help-about-evaluation = An evaluation learned from the program's own games: pattern weights fitted to exact endgame scores and deep searches.
help-about-book = An opening book built by deep searches from the named openings and beyond.
help-about-solver = An exact endgame solver: in the last moves the computer plays perfectly.
help-about-levels = Levels for every player: Beginner, Intermediate, Advanced and Expert by name, and numbered levels from 1 to 60.
help-about-background = The computer thinks in the background and can be stopped at any moment.
help-about-made-heading = Made with
help-about-made = Built in Rust with the Bevy game engine and the egui user interface library. The sounds and textures are made by scripts kept with the game, in its assets folder. The texts come from translation files in English and Russian.

## History

help-history-reversi-heading = Reversi in Britain
help-history-reversi = Reversi was played in Britain by 1880. Two Londoners, Lewis Waterman and John W. Mollett, each claimed to have invented it and quarrelled in print over it; the game spread to the rest of Europe under the name of Reversi and was sold in boxes with a board and a supply of round counters, dark on one side and light on the other.
help-history-1876-heading = The rules of 1876
help-history-1876 = The old rules differ from today's: the board starts empty, and the first four discs go on the four centre squares without flipping, so the game can start side by side or on the diagonal. Each player has a supply of 30 discs and may not borrow: a player with none left passes, and a game can end with squares still empty. A disc may also go, flipping nothing, next to one of the player's own. Options > Board and rules > "Reversi, 1876 rules" plays these rules on the red-brown board of the time.
help-history-othello-heading = Othello
help-history-othello = In 1971 Goro Hasegawa in Japan brought the game back with fixed rules: the four centre discs set on the diagonal, Black first, and 64 discs shared, so that a player who runs out borrows. He named it after Shakespeare's play, whose dark and light characters turn against each other. Othello spread quickly, and world championships have been played every year since 1977.
help-history-computers-heading = Computers
help-history-computers = Othello suits computers well: its moves are few, and its endings can be counted exactly. In 1997 the program Logistello, by Michael Buro, beat the world champion Takeshi Murakami 6:0. Its strength came from a pattern evaluation learned from hundreds of thousands of games, the idea this game's engine is built on. Since then the best programs have far surpassed every human player.
help-history-names-heading = Reversi or Othello?
help-history-names = Both names are used for the same game. Othello is the name of the modern rules (the fixed diagonal start, shared discs) and a trademark; Reversi is the older name, and the one computers gave the game, as in the Reversi that came with Windows. This game plays Othello's rules by default and keeps the old ones as variants.
