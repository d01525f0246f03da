//! The Help window as a player meets it: the game's own window code draws into an egui context
//! that has no screen, the test reads back what egui paints where it can be seen, scrolls the
//! page with the mouse wheel and clicks links where they are painted.

use bevy_egui::egui;
use egui::epaint::{ClippedShape, Shape};
use reversi::app_actions::HelpTopic;
use reversi::locale::{Language, Locale};
use reversi::ui::HelpWindow;

const SCREEN: egui::Vec2 = egui::vec2(1280.0, 760.0);
const STEP: f64 = 1.0 / 60.0;

/// A text as egui painted it.
#[derive(Clone, Debug)]
struct Painted {
    text: String,
    /// Where its first line of glyphs is.
    first_line: egui::Rect,
    /// Drawn in the colour of links.
    link: bool,
    /// Wholly inside the part of the window it is drawn in, so a click on it reaches it.
    whole: bool,
}

/// What one frame shows: the texts and the discs of the diagrams, as far as they can be seen.
#[derive(Default)]
struct Seen {
    texts: Vec<Painted>,
    discs: Vec<egui::Pos2>,
}

impl Seen {
    fn shows(&self, words: &str) -> bool {
        self.texts.iter().any(|painted| painted.text == words)
    }

    fn find(&self, words: &str) -> Option<&Painted> {
        self.texts.iter().find(|painted| painted.text == words)
    }

    /// The discs of the diagram a caption belongs to: under a whole board's caption's left end
    /// it is the board above it, beside an edge's caption the edge to its left.
    fn discs_of(&self, caption: &Painted) -> usize {
        let at = caption.first_line.left_top();
        let above =
            egui::Rect::from_min_max(at - egui::vec2(0.0, 200.0), at + egui::vec2(200.0, 0.0));
        let beside =
            egui::Rect::from_min_max(at - egui::vec2(200.0, 4.0), at + egui::vec2(0.0, 80.0));
        let discs = self.discs.iter();
        discs
            .filter(|disc| above.contains(**disc) || beside.contains(**disc))
            .count()
    }
}

/// The Help window and what a player does to it.
struct Help {
    ctx: egui::Context,
    window: HelpWindow,
    locale: Locale,
    search: String,
    time: f64,
}

impl Help {
    fn open(language: Language, topic: HelpTopic) -> Help {
        let mut help = Help {
            ctx: egui::Context::default(),
            window: HelpWindow { open: Some(topic) },
            locale: Locale::new(language),
            search: String::new(),
            time: 0.0,
        };
        // The pointer rests over the page, where the wheel scrolls it.
        help.frame(vec![egui::Event::PointerMoved(egui::pos2(640.0, 380.0))]);
        // Long enough for the window to fade in.
        help.frames(30);
        help
    }

    fn text(&self, key: &'static str) -> String {
        self.locale.text(key)
    }

    /// One frame with these events; the page it draws, as far as it can be seen.
    fn frame(&mut self, events: Vec<egui::Event>) -> Seen {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(self.time),
            predicted_dt: STEP as f32,
            events,
            ..Default::default()
        };
        self.time += STEP;
        let ctx = self.ctx.clone();
        let mut next = self.window.open;
        let mut output = ctx.run_ui(input, |ui| {
            next = self.window.show(ui.ctx(), &self.locale, &mut self.search);
        });
        // Nothing draws the font atlas.
        output.textures_delta.clear();
        self.window.open = next;
        let link = ctx.global_style().visuals.hyperlink_color;
        let mut seen = Seen::default();
        for ClippedShape { clip_rect, shape } in &output.shapes {
            collect(shape, *clip_rect, link, &mut seen);
        }
        seen
    }

    fn frames(&mut self, count: usize) -> Seen {
        let mut seen = Seen::default();
        for _ in 0..count {
            seen = self.frame(Vec::new());
        }
        seen
    }

    /// Turns the wheel down a little and lets the page settle.
    fn scroll_down(&mut self) -> Seen {
        self.frame(vec![egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -240.0),
            phase: egui::TouchPhase::Move,
            modifiers: egui::Modifiers::NONE,
        }]);
        self.frames(20)
    }

    /// Scrolls through the page from where it is to its end, calling `look` on every view.
    fn read_to_the_end(&mut self, mut look: impl FnMut(&Seen)) {
        let mut seen = self.frames(1);
        let mut unchanged = 0;
        for _ in 0..300 {
            look(&seen);
            let next = self.scroll_down();
            let same = next.texts.len() == seen.texts.len()
                && next
                    .texts
                    .iter()
                    .zip(&seen.texts)
                    .all(|(a, b)| a.text == b.text && a.first_line == b.first_line);
            unchanged = if same { unchanged + 1 } else { 0 };
            if unchanged == 2 {
                return;
            }
            seen = next;
        }
        panic!("the page never ends");
    }

    /// Scrolls down until a link with these words can be clicked, and clicks it.
    fn click_link(&mut self, words: &str) {
        let mut target = None;
        let mut seen = self.frames(1);
        for _ in 0..300 {
            let mut links = seen
                .texts
                .iter()
                .filter(|painted| painted.link && painted.whole);
            if let Some(link) = links.find(|painted| painted.text == words) {
                target = Some(link.first_line.center());
                break;
            }
            seen = self.scroll_down();
        }
        let at = target.unwrap_or_else(|| panic!("no link {words} on the page"));
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        self.frame(vec![egui::Event::PointerMoved(at)]);
        self.frame(vec![button(true)]);
        self.frame(vec![button(false)]);
    }
}

fn collect(shape: &Shape, clip: egui::Rect, link: egui::Color32, seen: &mut Seen) {
    match shape {
        Shape::Vec(shapes) => {
            for shape in shapes {
                collect(shape, clip, link, seen);
            }
        }
        Shape::Text(text) => {
            let offset = text.pos.to_vec2();
            let Some(first_line) = text
                .galley
                .rows
                .iter()
                .find(|row| !row.row.glyphs.is_empty())
                .map(|row| row.rect_without_leading_space().translate(offset))
            else {
                return;
            };
            let whole = text.galley.rect.translate(offset);
            if clip.intersects(whole) {
                seen.texts.push(Painted {
                    text: text.galley.text().to_string(),
                    first_line,
                    link: text.fallback_color == link,
                    whole: clip.contains_rect(whole),
                });
            }
        }
        // A diagram's discs; the markers of moves are small dots.
        Shape::Circle(circle) if circle.radius > 5.0 && clip.contains(circle.center) => {
            seen.discs.push(circle.center);
        }
        _ => {}
    }
}

/// The strategy page's sections from the game's historical guide, and their diagrams.
const NEW_HEADINGS: [&str; 5] = [
    "help-strategy-phases-heading",
    "help-strategy-centre-heading",
    "help-strategy-holes-heading",
    "help-strategy-cases-heading",
    "help-strategy-unbalanced-heading",
];

const NEW_DIAGRAMS: [&str; 10] = [
    "help-strategy-centre-caption",
    "help-strategy-hole-caption",
    "help-strategy-wedge-caption",
    "help-strategy-case-a",
    "help-strategy-case-b",
    "help-strategy-case-c",
    "help-strategy-case-c-defended",
    "help-strategy-case-d",
    "help-strategy-unbalanced-attack",
    "help-strategy-unbalanced-wedge",
];

#[test]
fn the_strategy_page_shows_the_new_sections_with_their_diagrams_in_english_and_russian() {
    for language in [Language::English, Language::Russian] {
        let mut help = Help::open(language, HelpTopic::Strategy);
        let last = help.text("help-strategy-reading-heading");
        let mut read_to_the_end = false;
        let headings = NEW_HEADINGS.map(|key| help.text(key));
        let captions = NEW_DIAGRAMS.map(|key| help.text(key));
        let mut headings_seen = [false; NEW_HEADINGS.len()];
        let mut discs_seen = [0; NEW_DIAGRAMS.len()];
        help.read_to_the_end(|seen| {
            read_to_the_end |= seen.shows(&last);
            for (heading, found) in headings.iter().zip(&mut headings_seen) {
                *found |= seen.shows(heading);
            }
            for (caption, discs) in captions.iter().zip(&mut discs_seen) {
                if let Some(painted) = seen.find(caption) {
                    *discs = (*discs).max(seen.discs_of(painted));
                }
            }
        });
        for (heading, found) in headings.iter().zip(headings_seen) {
            assert!(found, "{language:?}: the heading {heading} is not shown");
        }
        for (caption, discs) in captions.iter().zip(discs_seen) {
            assert!(
                discs >= 5,
                "{language:?}: {discs} discs in the diagram of {caption}"
            );
        }
        assert!(
            read_to_the_end,
            "{language:?}: the page was not read to its end"
        );
    }
}

#[test]
fn a_link_to_another_page_opens_that_page_at_its_top() {
    let follow = [
        (HelpTopic::Menus, HelpTopic::Options, "help-options-intro"),
        (HelpTopic::Playing, HelpTopic::Shortcuts, "help-keys-keys"),
        (
            HelpTopic::Strategy,
            HelpTopic::Playing,
            "help-playing-mouse-heading",
        ),
    ];
    for language in [Language::English, Language::Russian] {
        for (from, to, top) in follow {
            let mut help = Help::open(language, from);
            let title = help.text(to.title());
            help.click_link(&title);
            assert_eq!(
                help.window.open,
                Some(to),
                "{language:?}: {from:?} to {to:?}"
            );
            let seen = help.frames(2);
            let top = help.text(top);
            assert!(
                seen.shows(&top),
                "{language:?}: {to:?} does not begin with {top}"
            );
        }
    }
}

#[test]
fn the_tabs_are_not_links_and_the_menus_page_links_every_page() {
    let mut help = Help::open(Language::English, HelpTopic::Menus);
    let tabs = HelpTopic::ALL.map(|topic| help.text(topic.title()));
    let seen = help.frames(1);
    for tab in &tabs {
        // The tabs are the topmost texts of the window.
        let painted = seen.texts.iter().filter(|painted| painted.text == *tab);
        let top = painted.min_by(|a, b| a.first_line.top().total_cmp(&b.first_line.top()));
        let top = top.unwrap_or_else(|| panic!("no tab {tab}"));
        assert!(!top.link, "the tab {tab} is drawn as a link");
    }
    let mut linked = Vec::new();
    help.read_to_the_end(|seen| {
        for painted in seen.texts.iter().filter(|painted| painted.link) {
            linked.push(painted.text.clone());
        }
    });
    for tab in &tabs {
        assert!(linked.contains(tab), "no link to {tab} in {linked:?}");
    }
}
