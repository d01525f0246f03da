## Playing a friend over the internet

online-title = Play a friend online
menu-play-online = Play a friend online…
online-invite-heading = Invite
online-invite-explained = Make an invitation and send it to your friend by any messenger. No account is needed.
online-your-name = Your name
online-your-color = Your colour
online-color-black = Black
online-color-white = White
online-color-chance = Chance
online-clock = Clock
online-clock-none = None
online-clock-minutes = { $minutes } min + { $increment } s
online-pause-limit = If the line drops, the clocks stop for
online-pause-minutes = { $minutes ->
    [1440] a day
   *[other] { $minutes } min
} in all
online-engine-help = Allow hints, the best line and the evaluation graph
online-make-invitation = Make an invitation
online-join-heading = Join a friend
online-join-explained = Paste the invitation your friend sent you.
online-join = Join
online-invitation-to-send = Send this invitation to your friend:
online-copy = Copy
online-waiting = Waiting for your friend to join…
online-opponent = { $color ->
    [black] Black
   *[white] White
}: { $name }
online-you = you
online-line-connected = Connected.
online-line-waiting = Connecting…
online-line-down = The line to your friend dropped: the game waits, and the clocks stop within the limit the invitation set.
online-line-failed = The network cannot be used: { $error }
online-help-allowed = The engine's help is allowed in this game.
online-help-forbidden = The engine's help is not allowed in this game.
online-offer-draw = Offer a draw
online-ask-undo = Ask to take back
online-accept = Accept
online-decline = Decline
online-their-offer-draw = { $name } offers a draw.
online-their-offer-undo = { $name } asks to take back their last move.
online-your-offer = Your offer waits for an answer.
online-chat = Chat
online-send = Send
online-notices = Refused from your friend's program
online-leave = Leave the online game (an unfinished one is resigned)
online-show-game = Back to the online game
online-set-aside = The online game goes on in the background.

## Notices

online-inviting = Your invitation is ready in the Online window: send it to your friend.
online-joining = Joining your friend's game…
online-connected = Connected to { $name }.
online-resuming = Resuming your online game with { $name }.
online-left = You left the online game.
online-one-game-at-a-time = An online game is already on: leave it first.
online-no-game = There is no online game.
online-failed = The network cannot be used: { $error }
online-game-kept = The online game was saved as { $path }.
online-not-your-turn = It is not your turn.
online-nothing-to-undo = You have no move to take back.
online-offer-pending = Your offer waits for an answer.
online-no-offer = There is no offer to answer.
online-offered-draw = Your friend offers a draw (Online window).
online-offered-undo = Your friend asks to take back their last move (Online window).
online-declined-draw = Your friend declined the draw.
online-declined-undo = Your friend declined to take back your move.
online-refused-invitation = Your friend's program does not know this invitation: ask for a new one.
online-refused-seat = Someone else already joined this game: an invitation is for one friend.
online-refused-version = Your friend's program is another version of the game: both of you need the same version.
online-invitation-empty = Paste an invitation first.
online-invitation-too-long = This text is too long to be an invitation.
online-invitation-not-one = This is not a Reversi 3D invitation: it starts with reversi3d://join/
online-invitation-damaged = The invitation is damaged: part of it was lost or changed when it was copied. Ask for it again.
online-invitation-later = The invitation was made by a later version of the game: update the game to use it.
online-bad-invitation = The saved invitation cannot be read: { $error }

## What a friend's program sent that was refused (nothing in the game changed)

online-violation = Refused: { $what }.
online-violation-illegal = move { $number } ({ $move }) is not legal
online-violation-out-of-turn = move { $number } came out of turn
online-violation-after-end = a move or an offer after the end of the game
online-violation-forged = a result the game does not have
online-violation-clock = a clock claiming { $claimed } s left when { $seen } s were seen
online-violation-answer = an answer to an offer you did not make
online-violation-offer = an undo that takes back more than your friend's last move
online-violation-desync = a record of the game that disagrees with yours
online-violation-out-of-place = a message out of place in a game
online-trouble-oversized = The other program sent a message of { $bytes } bytes, far more than any the game sends: the connection was closed.
online-trouble-malformed = The other program sent a message that could not be read: the connection was closed.
online-trouble-flood = The other program sent too many messages too fast: the connection was closed.
online-trouble-wrong-invitation = A program without your invitation tried to join, and was turned away.
online-trouble-seat-taken = A third program tried to take your friend's seat, and was turned away.
online-trouble-other-version = A program of another version tried to join, and was turned away.
online-trouble-silent = A program did not say who it was in time, and was turned away.
notice-online-board = The board belongs to the online game: ask your friend to take back a move in the Online window, or leave the online game first.
options-online = Online games
options-relay = Relay
options-relay-public = Public relays (no account): games cross any home router
options-relay-off = None: direct connections only (the same network, or open ports)
options-relay-own = My own relay:
online-clock-stopped = stopped

online-not-a-game = This invitation is to a championship, not to one game.
online-not-a-championship = This invitation is to one game, not to a championship.
online-invite-friend = One game with a friend
online-invite-championship = A championship among friends
championship-explained = Up to 8 players, you included. Every pair plays twice, once with each colour; games begin as players are free. Send the invitation to every player.
championship-title-label = Title:
championship-players = Players, you included:
championship-make-invitation = Make the championship's invitation
championship-inviting = The championship's invitation is ready in the Online window: send it to every player.
championship-joining = Joining the championship…
championship-gathering = { $joined } of { $players } players have joined. The games begin when all have.
championship-started = Everyone has joined: the championship begins.
championship-game-begins = Game { $number } begins, against { $name }.
championship-your-game = Your game now: game { $number }
championship-waiting-for-opponent = Waiting for a free opponent: your next game begins when one is.
championship-no-game-now = You have no game under way in the championship now.
championship-finished = The championship is over: every game counts. Save the table and the games from the Online window.
championship-line-down = The line to the championship's host dropped: your game waits, and the clocks stop within the limit the invitation set.
championship-table-heading = The table: { $decided } of { $games } games decided
championship-place = Place
championship-player = Player
championship-games = Games
championship-won = Won
championship-drawn = Drawn
championship-lost = Lost
championship-points = Points
championship-discs = Discs
championship-save = Save the table and the games (GGF)
championship-saved = The table and the games were saved as { $path }.
championship-not-begun = The championship has not begun: there is nothing to save yet.
championship-leave = Leave the championship (a game under way is resigned; your later games are not played)
championship-left = You left the championship.
championship-resuming = Resuming the championship “{ $title }”.
championship-refused-report = A result report was refused; the table did not change ({ $detail }).
championship-refused-roster = The host's list of players was refused ({ $detail }).
championship-refused-message = A message was refused; nothing changed ({ $detail }).
championship-invitation-to-send = Send this invitation to every player:
championship-away = away
