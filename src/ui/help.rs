//! The Help window: the rules with small board diagrams, how to play with mouse and keyboard, a
//! strategy guide, the keyboard shortcuts and the About page, one tab each.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::input::{Action, KEY_BINDINGS, OpenDialog};

/// A page of the Help window.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelpTopic {
    Rules,
    Playing,
    Menus,
    Strategy,
    Shortcuts,
    Index,
    About,
}

impl HelpTopic {
    pub const ALL: [HelpTopic; 7] = [
        HelpTopic::Rules,
        HelpTopic::Playing,
        HelpTopic::Menus,
        HelpTopic::Strategy,
        HelpTopic::Shortcuts,
        HelpTopic::Index,
        HelpTopic::About,
    ];

    pub fn title(self) -> &'static str {
        match self {
            HelpTopic::Rules => "Rules",
            HelpTopic::Playing => "Playing",
            HelpTopic::Menus => "Menus",
            HelpTopic::Strategy => "Strategy",
            HelpTopic::Shortcuts => "Shortcuts",
            HelpTopic::Index => "Index",
            HelpTopic::About => "About",
        }
    }
}

/// Which page the Help window shows; `None` while it is closed.
#[derive(Resource, Default)]
pub struct HelpWindow {
    pub open: Option<HelpTopic>,
}

/// The tallest the window opens, so it never hides the whole board.
const MAX_HEIGHT: f32 = 680.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpWindow>()
        .add_systems(EguiPrimaryContextPass, help_window);
}

fn help_window(
    mut contexts: EguiContexts,
    mut help: ResMut<HelpWindow>,
    mut search: Local<String>,
) -> Result {
    let Some(mut topic) = help.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let mut open = true;
    let mut close = false;
    egui::Window::new("Help")
        .open(&mut open)
        .collapsible(false)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(screen.center())
        .default_size([620.0, (screen.height() - 120.0).clamp(300.0, MAX_HEIGHT)])
        .min_width(420.0)
        .min_height(260.0)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for candidate in HelpTopic::ALL {
                    ui.selectable_value(&mut topic, candidate, candidate.title());
                }
            });
            ui.separator();
            egui::Panel::bottom("help buttons").show(ui, |ui| {
                ui.add_space(4.0);
                close = ui.button("Close").clicked();
            });
            // One scroll position per page, so each page opens at its top.
            egui::ScrollArea::vertical()
                .id_salt(("help page", topic.title()))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.spacing_mut().item_spacing.y = 6.0;
                    match topic {
                        HelpTopic::Rules => rules(ui),
                        HelpTopic::Playing => playing(ui),
                        HelpTopic::Menus => menus(ui),
                        HelpTopic::Strategy => strategy(ui),
                        HelpTopic::Shortcuts => shortcuts(ui),
                        HelpTopic::Index => {
                            if let Some(found) = index(ui, &mut search) {
                                topic = found;
                            }
                        }
                        HelpTopic::About => about(ui),
                    }
                });
        });
    let next = (open && !close).then_some(topic);
    if help.open != next {
        help.open = next;
    }
    Ok(())
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(6.0);
    ui.label(egui::RichText::new(text).strong().size(16.0));
}

fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.label(text);
}

fn bullets(ui: &mut egui::Ui, items: &[&str]) {
    for item in items {
        ui.horizontal_wrapped(|ui| {
            ui.label("•");
            ui.label(*item);
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Board diagrams

/// A board for a diagram: eight rows of eight characters, row 1 first.
/// `B`/`W` discs, `.` empty, `x` a legal move for the side in question, `*` the black disc just
/// played, `f` a disc that has just flipped to black, `s` a stable black disc, `X` and `C` an
/// X-square and a C-square.
type Diagram = [&'static str; 8];

const CELL: f32 = 20.0;
const MARGIN: f32 = 14.0;

fn diagram(ui: &mut egui::Ui, rows: &Diagram, caption: &str) {
    let side = MARGIN + CELL * 8.0 + 4.0;
    ui.vertical(|ui| {
        ui.set_width(side.max(200.0));
        let (response, painter) = ui.allocate_painter(egui::vec2(side, side), egui::Sense::hover());
        let origin = response.rect.min + egui::vec2(MARGIN, MARGIN);
        let board = egui::Rect::from_min_size(origin, egui::vec2(CELL * 8.0, CELL * 8.0));
        let label_color = ui.visuals().text_color();
        let font = egui::FontId::proportional(11.0);
        for i in 0..8u8 {
            let along = f32::from(i) * CELL + CELL / 2.0;
            painter.text(
                egui::pos2(origin.x + along, origin.y - MARGIN / 2.0),
                egui::Align2::CENTER_CENTER,
                char::from(b'a' + i),
                font.clone(),
                label_color,
            );
            painter.text(
                egui::pos2(origin.x - MARGIN / 2.0, origin.y + along),
                egui::Align2::CENTER_CENTER,
                i + 1,
                font.clone(),
                label_color,
            );
        }
        painter.rect_filled(board, 2.0, egui::Color32::from_rgb(28, 110, 58));
        let grid = egui::Stroke::new(1.0, egui::Color32::from_rgb(12, 60, 30));
        for i in 0..=8 {
            let offset = i as f32 * CELL;
            painter.line_segment(
                [
                    egui::pos2(board.min.x + offset, board.min.y),
                    egui::pos2(board.min.x + offset, board.max.y),
                ],
                grid,
            );
            painter.line_segment(
                [
                    egui::pos2(board.min.x, board.min.y + offset),
                    egui::pos2(board.max.x, board.min.y + offset),
                ],
                grid,
            );
        }
        let black = egui::Color32::from_gray(18);
        let white = egui::Color32::from_gray(240);
        let edge = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
        let radius = CELL * 0.4;
        for (row, line) in rows.iter().enumerate() {
            for (column, mark) in line.chars().take(8).enumerate() {
                let center = egui::pos2(
                    board.min.x + (column as f32 + 0.5) * CELL,
                    board.min.y + (row as f32 + 0.5) * CELL,
                );
                match mark {
                    'B' => {
                        painter.circle(center, radius, black, edge);
                    }
                    'W' => {
                        painter.circle(center, radius, white, edge);
                    }
                    '*' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 200, 40)),
                        );
                    }
                    'f' => {
                        painter.circle(center, radius, black, edge);
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgb(235, 80, 60),
                        );
                    }
                    'x' => {
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgba_unmultiplied(250, 200, 40, 200),
                        );
                    }
                    's' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 220, 120)),
                        );
                    }
                    'X' | 'C' => {
                        painter.text(
                            center,
                            egui::Align2::CENTER_CENTER,
                            mark,
                            egui::FontId::proportional(13.0),
                            egui::Color32::from_rgb(250, 200, 40),
                        );
                    }
                    _ => {}
                }
            }
        }
        ui.add(egui::Label::new(egui::RichText::new(caption).size(12.5)).wrap());
    });
}

const START: Diagram = [
    "........", "........", "...x....", "..xWB...", "...BWx..", "....x...", "........", "........",
];

const OUTFLANK_BEFORE: Diagram = [
    "........", "........", "..xW....", "..WWB...", "..WBW...", "..B..B..", "........", "........",
];

const OUTFLANK_AFTER: Diagram = [
    "........", "........", "..*W....", "..ffB...", "..fBf...", "..B..B..", "........", "........",
];

const STABLE: Diagram = [
    "ssss.W..", "sss.W...", "ss.BW...", "s..WB...", "...B....", "........", "........", "........",
];

const X_AND_C_SQUARES: Diagram = [
    ".C....C.", "CX....XC", "........", "...WB...", "...BW...", "........", "CX....XC", ".C....C.",
];

const PASS: Diagram = [
    "xWBBBBBB", "........", "........", "...BB...", "...BB...", "........", "........", "........",
];

// ---------------------------------------------------------------------------------------------
// Pages

fn rules(ui: &mut egui::Ui) {
    heading(ui, "The board and the start");
    paragraph(
        ui,
        "Reversi is a game for two, Black and White, on a board of 8 by 8 squares. Every disc is \
         black on one side and white on the other. Squares are named by a column letter and a row \
         number: the columns a to h run from left to right and the rows 1 to 8 from top to bottom, \
         so a1 is the top-left corner and h8 the bottom-right one.",
    );
    paragraph(
        ui,
        "The game starts with four discs in the centre: White on d4 and e5, Black on d5 and e4. \
         Black moves first (the Options can hand the first move to White).",
    );
    diagram(
        ui,
        &START,
        "The start. The yellow dots are Black's four possible first moves: d3, c4, f5 and e6.",
    );

    heading(ui, "Moving and flipping");
    paragraph(
        ui,
        "On your turn you put one disc of your colour on an empty square so that it traps a line \
         of your opponent's discs: the line runs straight (along a row, a column or a diagonal) \
         from the new disc to another disc of yours, with no empty square and none of your own \
         discs in between. Every trapped disc turns over to your colour. A move may trap lines in \
         several directions at once, and then all of them flip.",
    );
    paragraph(
        ui,
        "Only lines that the new disc closes flip: a disc that is already between two of yours \
         stays as it is, and flipped discs never set off further flips. A move that traps nothing \
         is not allowed.",
    );
    ui.horizontal_wrapped(|ui| {
        diagram(
            ui,
            &OUTFLANK_BEFORE,
            "Black to move: c3 traps c4 and c5 against c6, and d4 and e5 against f6.",
        );
        diagram(
            ui,
            &OUTFLANK_AFTER,
            "After c3 (ringed): four discs flipped (red dots). d3 stays white: nothing black lies beyond it.",
        );
    });

    heading(ui, "Passing");
    paragraph(
        ui,
        "If you have no move that traps anything, you must pass and your opponent plays again. You \
         may never pass while you have a legal move. The game announces a forced pass and plays \
         it for you.",
    );
    diagram(
        ui,
        &PASS,
        "White to move has no legal move: the only white disc, b1, traps nothing. White passes \
         and Black plays a1.",
    );

    heading(ui, "The end and the score");
    paragraph(
        ui,
        "The game ends when neither player can move: usually because the board is full, \
         sometimes earlier, when one colour has been wiped out or the empty squares cannot be \
         reached by either side. The player with more discs wins; equal counts are a draw.",
    );
    paragraph(
        ui,
        "Scoring counts the discs of each colour. An optional rule (in the Options) gives the \
         empty squares left at the end to the winner, so a win with squares to spare scores \
         more; in a draw they are shared.",
    );
    paragraph(
        ui,
        "A player who resigns (or runs out of time on the clock) loses 64-0.",
    );
}

fn playing(ui: &mut egui::Ui) {
    heading(ui, "With the mouse");
    bullets(
        ui,
        &[
            "Left-click a square to play there.",
            "Markers on the board show the legal moves; hovering over a legal square highlights \
             it, and with move previews on, shows the disc you would place and the discs that \
             would flip.",
            &format!(
                "Drag with the right button to turn the view around the board; the wheel zooms \
                 in and out. {} puts the view back.",
                Action::ResetView.keys()
            ),
        ],
    );

    heading(ui, "With the keyboard");
    paragraph(
        ui,
        "Type the column letter, then the row number: d then 3 plays d3. After the letter the \
         game waits for the number; Escape cancels the letter. The menus' shortcuts are listed \
         on the Shortcuts page.",
    );

    heading(ui, "Playing the computer");
    paragraph(
        ui,
        "The computer thinks in the background, so the window stays responsive and you can \
         turn the view or open menus while it thinks. Choose who plays each colour and the \
         computer's level in the Options; changes take effect at once.",
    );
    paragraph(
        ui,
        "While the computer thinks, the side panel shows its search under its name: how deep \
         it has looked (or how many empty squares it has solved), its score for the move it \
         would play, the positions searched and the line it expects. In the opening the \
         computer plays from its opening book, made by this program's own \
         deep searches: at once, and with some variety below Expert (a weaker level picks \
         among the book moves close to the best), so games do not repeat. Move > Show hints \
         writes a score on every legal square: the expected disc margin after that move, the \
         best in green; = marks an exact score, b a score from the opening book. The Options \
         set how strong the hints are: as any level, or exact whenever the position can be \
         solved.",
    );

    heading(ui, "Undo, redo and resume");
    bullets(
        ui,
        &[
            &format!(
                "Undo move ({}) takes back one move, Redo move ({}) plays it again; Undo all ({}) \
                 and Redo all ({}) go to the start or to the last move played. You can undo \
                 after the game has ended, and undo while the computer thinks stops its search.",
                Action::Undo.keys(),
                Action::Redo.keys(),
                Action::UndoAll.keys(),
                Action::RedoAll.keys()
            ),
            "When undo or redo stops on the computer's turn, play is suspended: the computer \
             waits, so you can step through the game at your own pace.",
            &format!(
                "Resume play ({}) lets the computer move from where you are. Playing a move \
                 yourself on your turn also resumes play.",
                Action::ResumePlay.keys()
            ),
            "The move list in the side panel numbers the moves one by one, 1 to 60, as Reversi \
             counts them (a pass has no number); moves you have undone stay there, greyed. \
             Click a move to see the position after it, or start for the first position.",
            "Playing a move after undoing replaces the moves that were undone.",
        ],
    );

    heading(ui, "Options and files");
    paragraph(
        ui,
        "The Options set the display (legal-move markers, previews, animations, colours, \
         sound, the size of menus, panel and windows), the players, the level and its time, a \
         clock and the scoring rule. Games can be saved and opened again with their whole \
         history, and the moves can be copied as a transcript such as f5d6c3 and pasted back.",
    );
    paragraph(
        ui,
        "Save game writes GGF, the format of game servers and NBoard, when the file name ends \
         in .ggf. Open game reads GGF files too; a file of many games lists them (players, \
         result, number of moves, date) so you can choose one.",
    );
    paragraph(
        ui,
        "The game in progress is saved by itself after every move. If Reversi closes before \
         the game is over (the window closed, the computer switched off), the next start \
         offers to continue it.",
    );
    heading(ui, "Evaluation graph");
    paragraph(
        ui,
        "Under the buttons, the graph shows the engine's score of every position of the game, \
         from Black's point of view: a bar up for Black's advantage, down for White's, its \
         height the expected disc margin. A green dot ends a bar the engine solved exactly; a \
         ring marks an estimate. The engine works them out in the background whenever the \
         computer is not thinking. The blue line marks the position on the board; click a bar \
         to go to that position. Move > Evaluation graph turns it off.",
    );
    heading(ui, "Game review");
    paragraph(
        ui,
        "Game > Review game (or Review when a game ends) has the engine go through every move \
         of the game: each position is searched (exactly in the last 18 moves) and every move \
         that lost discs against the best one is listed, with the better move and the scores \
         of both. A bar shows how far the review is; Cancel stops it. Click a mistake to see \
         its position with the better move and the line that follows it as numbered \
         translucent discs.",
    );
    heading(ui, "Setting up a position");
    paragraph(
        ui,
        "Game > Set up position… turns the board into an editor: click a square (or type it) \
         to make it black, click again for white, once more to empty it. The window beside \
         the board clears the board, puts back the four starting discs and chooses the side to \
         move. Nobody moves and no clock runs while you edit. Done starts a game from the \
         position, with the players and the clock of the Options; a position that cannot be \
         played (a colour with no discs, or no move for either side) is refused with the \
         reason. Cancel brings back the game as it was. A game from a set-up position saves \
         and opens like any other, and hints, the graph and the review work from it.",
    );
    heading(ui, "The best line");
    paragraph(
        ui,
        &format!(
            "Press {} (or Move > Show the best line) to see the moves the engine expects from \
             the position on the board: translucent discs of the colour that plays each one, \
             numbered in order. Press it again to hide them.",
            Action::ToggleBestLine.keys()
        ),
    );
    heading(ui, "Opening names");
    paragraph(
        ui,
        "While a game follows a line that Othello players have named (Tiger, Rose, Buffalo, \
         Heath, Cow and some seventy more), the side panel names it, under the status line. \
         The same line played on any of the board's symmetries has the same name, and a game \
         that has left the named line keeps the name of the last one it followed. Only games \
         from the usual start with Black first have opening names.",
    );
}

fn strategy(ui: &mut egui::Ui) {
    paragraph(
        ui,
        "The disc count only matters at the very end. Until then a position is good when it gives \
         you safe discs and many choices, and leaves your opponent few. The ideas below are the \
         ones that win most games between beginners and good players.",
    );

    heading(ui, "Corners and stable discs");
    paragraph(
        ui,
        "A disc in a corner can never be flipped: no line passes through a corner with a square \
         on each side. Discs that can never be flipped again are called stable, and stable discs \
         grow outward from the corners: a disc on an edge can only be trapped along that edge, \
         so an unbroken row of your discs running from your corner along an edge is stable as \
         a whole. Stable areas then spread inward from such edges.",
    );
    paragraph(
        ui,
        "Taking a corner is usually a big gain, but it is not a goal in itself: count how many \
         stable discs it brings and what it gives your opponent in return.",
    );
    diagram(
        ui,
        &STABLE,
        "Black's ringed discs fill a triangle from the a1 corner: in every direction they meet \
         black discs up to an edge, so none of them can ever be flipped. Black's other discs \
         can.",
    );

    heading(ui, "X-squares and C-squares");
    paragraph(
        ui,
        "The squares next to an empty corner are dangerous. The X-squares are the diagonal \
         neighbours (b2, g2, b7, g7): a disc there often lets the opponent reach the corner along \
         the diagonal. The C-squares are the edge neighbours (b1, a2, g1, h2, a7, b8, h7, g8): a \
         disc there can let the opponent take the corner along the edge.",
    );
    paragraph(
        ui,
        "Avoid them while the corner is empty, unless you have checked that the corner cannot be \
         taken, or that giving it up wins something bigger. Once the corner is yours, they are \
         ordinary squares again.",
    );
    diagram(
        ui,
        &X_AND_C_SQUARES,
        "The four X-squares and eight C-squares, beside the corners they give away.",
    );

    heading(ui, "Mobility");
    paragraph(
        ui,
        "Mobility is the number of moves you can choose from. The player with more choices can \
         wait for good moves; the player with few is soon forced into bad ones, such as an \
         X-square or giving up an edge. So prefer moves that keep your options open and take \
         away your opponent's.",
    );
    paragraph(
        ui,
        "This is why grabbing many discs early is usually a mistake: every disc you own is one \
         your opponent can flip to reach new squares, and every disc they own is one you may \
         need for your own moves. Few discs in the middle game, well placed, is often strongest.",
    );

    heading(ui, "Frontier discs and quiet moves");
    paragraph(
        ui,
        "A frontier disc touches an empty square. Frontier discs give your opponent something to \
         flip and therefore new moves. Discs surrounded by other discs give nothing away.",
    );
    paragraph(
        ui,
        "A quiet move flips few discs, preferably only inner ones, and adds no new frontier: it \
         opens no new squares for the opponent. Between two moves, prefer the one that flips less \
         and stays inside your own wall of discs; let your opponent be the one who builds walls.",
    );

    heading(ui, "Edges, unbalanced edges and wedges");
    paragraph(
        ui,
        "Edge discs are harder to attack than centre discs but not safe until stable. A balanced \
         edge, with your discs placed symmetrically such as six discs from b to g, is hard to \
         break into. An unbalanced edge, with a gap or an odd shape near one end, often gives the \
         opponent a way to force you to let them into the corner.",
    );
    paragraph(
        ui,
        "A wedge is a disc played into a one-square hole between two of the opponent's discs \
         on an edge. Its neighbours along the edge are already theirs, and an edge disc can only \
         be trapped along the edge, so the wedge can never be flipped; it splits their edge and \
         often leads to a corner. Avoid leaving single holes in your own edges, and watch for \
         holes in your opponent's.",
    );

    heading(ui, "Parity in the endgame");
    paragraph(
        ui,
        "Near the end the board splits into separate empty regions. In a region with an odd \
         number of empty squares, the player who moves there first usually also gets the last \
         move there, and the last move in a region cannot be answered. Try to be the one who \
         plays last in each region: move first into odd regions and leave even regions for the \
         opponent to open.",
    );
    paragraph(
        ui,
        "Passing changes who has parity, so keeping your opponent short of moves near the end \
         can win a region outright. In the last dozen moves, count: the computer solves these \
         endgames exactly, and so can you with patience.",
    );
}

/// Every menu entry and what it does, with its keys.
fn menus(ui: &mut egui::Ui) {
    let with_keys = |action: Action, what: &str| match action.keys() {
        keys if keys.is_empty() => format!("{}: {what}", action.label()),
        keys => format!("{} ({keys}): {what}", action.label()),
    };
    heading(ui, "Game");
    bullets(
        ui,
        &[
            &with_keys(
                Action::NewGame,
                "a new game with the players, first move, scoring and clock of the Options.",
            ),
            &with_keys(
                Action::Resign,
                "give up the game; the opponent is credited 64-0. When you play the computer, you are the one who resigns.",
            ),
            "Save game…: the game with its whole history; a name ending in .ggf writes GGF for other programs.",
            "Open game…: a game saved here, or a GGF file (a file of many games lists them to choose one).",
            "Copy transcript: the moves as f5d6c3…, to paste anywhere.",
            "Paste transcript or position: a transcript, a board string of 64 squares and the side to move, or a GGF game.",
            "Review game: the engine lists the moves that lost discs, with the better move and line.",
            "Set up position…: edit the board square by square and play from there.",
            &with_keys(
                Action::Open(OpenDialog::Options),
                "display, players, the computer's time, hints, first move, scoring, clock.",
            ),
            &with_keys(
                Action::Open(OpenDialog::Statistics),
                "wins, draws and discs, Black against White and computer against you.",
            ),
            &with_keys(
                Action::Exit,
                "close the game (the game in progress is kept and offered next time).",
            ),
        ],
    );
    heading(ui, "Move");
    bullets(
        ui,
        &[
            &with_keys(Action::Undo, "take back a move (stepping over passes)."),
            &with_keys(Action::Redo, "play it again."),
            &with_keys(Action::UndoAll, "back to the start."),
            &with_keys(Action::RedoAll, "forward to the last move played."),
            &with_keys(
                Action::ResumePlay,
                "let the computer move after undo or redo stopped on its turn.",
            ),
            "Show hints: a score on every legal square.",
            &with_keys(
                Action::ToggleBestLine,
                "the engine's expected line as numbered translucent discs.",
            ),
            "Evaluation graph: the engine's score after every move, in the side panel.",
        ],
    );
    heading(ui, "View");
    bullets(
        ui,
        &[
            &with_keys(Action::ResetView, "the board seen from the default place."),
            &with_keys(
                Action::ToggleFullscreen,
                "the whole screen, or back to the window.",
            ),
        ],
    );
    heading(ui, "Help");
    bullets(
        ui,
        &[
            "Rules, Playing, Menus, Strategy, Shortcuts, Index and About: the pages of this \
             window. The Index finds a subject by a word.",
        ],
    );
}

/// Subjects and the page that explains them, for the index.
const INDEX: [(&str, HelpTopic); 34] = [
    ("board and start position", HelpTopic::Rules),
    ("flipping, outflanking", HelpTopic::Rules),
    ("pass", HelpTopic::Rules),
    ("end of the game, score", HelpTopic::Rules),
    ("empty squares to the winner", HelpTopic::Rules),
    ("mouse, click, tap", HelpTopic::Playing),
    ("keyboard, typing a move", HelpTopic::Playing),
    ("camera, turning the view", HelpTopic::Playing),
    ("computer player, levels", HelpTopic::Playing),
    ("opening book", HelpTopic::Playing),
    ("hints", HelpTopic::Playing),
    ("undo, redo, resume", HelpTopic::Playing),
    ("move list", HelpTopic::Playing),
    ("autosave, unfinished game", HelpTopic::Playing),
    ("evaluation graph", HelpTopic::Playing),
    ("game review, mistakes", HelpTopic::Playing),
    ("position setup, editing the board", HelpTopic::Playing),
    ("best line", HelpTopic::Playing),
    ("opening names", HelpTopic::Playing),
    ("GGF files", HelpTopic::Playing),
    ("save, open, copy, paste", HelpTopic::Menus),
    ("options, themes, sound, clock", HelpTopic::Menus),
    ("statistics", HelpTopic::Menus),
    ("resign", HelpTopic::Menus),
    ("full screen", HelpTopic::Menus),
    ("corners, stable discs", HelpTopic::Strategy),
    ("X-squares, C-squares", HelpTopic::Strategy),
    ("mobility", HelpTopic::Strategy),
    ("frontier, quiet moves", HelpTopic::Strategy),
    ("edges, wedges", HelpTopic::Strategy),
    ("parity, endgame", HelpTopic::Strategy),
    ("keyboard shortcuts", HelpTopic::Shortcuts),
    ("engine, search, learned evaluation", HelpTopic::About),
    ("version", HelpTopic::About),
];

/// The subjects whose words contain `search` (any case), in index order.
fn index_entries(search: &str) -> impl Iterator<Item = (&'static str, HelpTopic)> + '_ {
    let search = search.trim().to_lowercase();
    INDEX
        .into_iter()
        .filter(move |(subject, _)| subject.to_lowercase().contains(&search))
}

/// The index with its search field; returns the page chosen.
fn index(ui: &mut egui::Ui, search: &mut String) -> Option<HelpTopic> {
    ui.horizontal(|ui| {
        ui.label("Find:");
        ui.text_edit_singleline(search);
    });
    let mut chosen = None;
    let mut found = false;
    for (subject, topic) in index_entries(search) {
        found = true;
        ui.horizontal(|ui| {
            if ui.link(subject).clicked() {
                chosen = Some(topic);
            }
            ui.label(egui::RichText::new(format!("({})", topic.title())).weak());
        });
    }
    if !found {
        ui.label("No subject has that word.");
    }
    chosen
}

fn shortcuts(ui: &mut egui::Ui) {
    let keys = KEY_BINDINGS
        .iter()
        .map(|binding| (binding.describe(), binding.action.label()));
    let pointer_and_typing = [
        ("letter, digit", "Play a move: d then 3 plays d3"),
        ("Escape", "Cancel a typed letter"),
        ("Right-drag, wheel", "Turn and zoom the view"),
    ]
    .map(|(keys, action)| (keys.to_string(), action));
    egui::Grid::new("help shortcuts")
        .num_columns(2)
        .striped(true)
        .spacing([24.0, 6.0])
        .show(ui, |ui| {
            ui.strong("Keys");
            ui.strong("Action");
            ui.end_row();
            for (keys, action) in keys.chain(pointer_and_typing) {
                ui.monospace(keys);
                ui.label(action);
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    paragraph(
        ui,
        "Shortcuts do nothing while a text field has the keyboard, for example while you type a \
         file name.",
    );
}

fn about(ui: &mut egui::Ui) {
    ui.add_space(8.0);
    ui.vertical_centered(|ui| {
        ui.heading("Reversi 3D");
        ui.label(format!("Version {}", env!("CARGO_PKG_VERSION")));
        ui.add_space(6.0);
        ui.label("The classic game of Reversi (Othello) on a 3D board.");
    });
    heading(ui, "The engine");
    bullets(
        ui,
        &[
            "Bitboard move generation and a principal-variation search with iterative deepening, \
             a transposition table and, on several cores, threads that search together.",
            "An evaluation learned from the program's own games: pattern weights fitted to \
             exact endgame scores and deep searches.",
            "An opening book built by deep searches from the named openings and beyond.",
            "An exact endgame solver: in the last moves the computer plays perfectly.",
            "Four levels: Beginner, Intermediate, Advanced and Expert.",
            "The computer thinks in the background and can be stopped at any moment.",
        ],
    );
    heading(ui, "Made with");
    paragraph(
        ui,
        "Built in Rust with the Bevy game engine and the egui user interface library. The sounds \
         and textures are made by scripts kept with the game, in its assets folder.",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_finds_subjects_by_any_word_in_any_case() {
        let found: Vec<_> = index_entries("UNDO").collect();
        assert_eq!(found, vec![("undo, redo, resume", HelpTopic::Playing)]);
        assert_eq!(index_entries("").count(), INDEX.len());
        assert_eq!(index_entries("zzz").count(), 0);
        // Every page but the index itself has subjects in the index.
        for topic in HelpTopic::ALL {
            let listed = INDEX.iter().any(|(_, page)| *page == topic);
            assert_eq!(listed, topic != HelpTopic::Index, "{topic:?}");
        }
    }
}
