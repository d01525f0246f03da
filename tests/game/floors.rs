//! The map of the code stays true: `docs/design.md` gives each module of the game (`src/`), of
//! the engine (`crates/engine/src/`), of the online crate (`crates/online/src/`) and of the
//! trainer (`crates/trainer/src/`) a floor, and every `crate::` path in a module must lead to a
//! module on a lower floor. The engine's search (`crates/engine/src/search/`) has floors of its
//! own, which its files' `super::` and `crate::search::` paths must go down. An import that points
//! up or sideways, or a module the map does not show, fails here, so the document and the code
//! cannot drift apart.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The floor of each module, as a ```` ```floors NAME ```` block of the design document lists
/// them: a line per floor, its number, then its modules (a `#` starts a comment).
fn floors(name: &str) -> BTreeMap<String, u32> {
    let design = std::fs::read_to_string(workspace().join("docs/design.md")).expect("the design");
    // The whole line: the block of `crates/engine/src` is not that of its `search`.
    let opening = format!("```floors {name}\n");
    let block = design
        .split_once(&opening)
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(block, _)| block)
        .unwrap_or_else(|| panic!("docs/design.md has no {opening} block"));
    let mut floors = BTreeMap::new();
    for line in block.lines() {
        let line = line.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        let Some(number) = words.next() else { continue };
        let number: u32 = number.parse().expect("a floor starts with its number");
        for module in words {
            let earlier = floors.insert(module.to_string(), number);
            assert!(earlier.is_none(), "{module} is on two floors");
        }
    }
    floors
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The modules a source file names through `crate::`, in `use` lines and in paths alike
/// (`crate::a::B`, `crate::{a, b::C}`); comments are skipped.
fn crate_paths(source: &str) -> Vec<String> {
    paths_after(source, "crate::")
}

/// The modules a file of the search names beside it: `super::a` and `crate::search::a` (a
/// module's tests' `use super::*` names none).
fn search_paths(source: &str) -> Vec<String> {
    let mut modules = paths_after(source, "super::");
    modules.extend(paths_after(source, "crate::search::"));
    modules
}

/// The first names of the paths after `prefix` in a source file: `a` and `b` of `PREFIXa::B`
/// and `PREFIX{a, b::C}`; comments are skipped.
fn paths_after(source: &str, prefix: &str) -> Vec<String> {
    let mut modules = Vec::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for (at, found) in code.match_indices(prefix) {
            let rest = &code[at + found.len()..];
            match rest.strip_prefix('{') {
                Some(group) => {
                    let group = group.split('}').next().unwrap_or_default();
                    modules.extend(group.split(',').filter_map(first_name));
                }
                None => modules.extend(first_name(rest)),
            }
        }
    }
    modules
}

/// The first name of a path: `a` of `a::b::C`.
fn first_name(path: &str) -> Option<String> {
    let name: String = path
        .trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// What is wrong with `module` using the modules `used` on the map of `floors`.
fn violations(module: &str, used: Vec<String>, floors: &BTreeMap<String, u32>) -> Vec<String> {
    let Some(&own) = floors.get(module) else {
        return vec![format!("{module} is on no floor of docs/design.md")];
    };
    used.into_iter()
        .filter(|used| used != module)
        .filter_map(|used| match floors.get(&used) {
            None => Some(format!("{module} uses {used}, which is on no floor")),
            Some(&floor) if floor >= own => Some(format!(
                "{module} (floor {own}) uses {used} (floor {floor}): imports must point down"
            )),
            Some(_) => None,
        })
        .collect()
}

/// Every file below `root`, with the module it belongs to (its first folder or its own name).
/// The crate roots (`lib.rs`, `main.rs`) are the top of the house, and so are the folders in
/// `above`: they may use everything.
fn modules_below(root: &Path, above: &[&str]) -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)
            .expect("a source folder")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let relative = path.strip_prefix(root).expect("below the root");
            let first = relative.components().next().expect("a name");
            let module = first
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            let is_root = relative == Path::new("lib.rs") || relative == Path::new("main.rs");
            if path.extension().is_some_and(|ext| ext == "rs")
                && !is_root
                && !above.contains(&module.as_str())
            {
                files.push((module, path));
            }
        }
    }
    files
}

/// Every file below `root` uses, by the paths `paths` finds in it, only modules on lower floors
/// of the block `name`.
fn assert_imports_point_down(
    root: &str,
    name: &str,
    above: &[&str],
    paths: fn(&str) -> Vec<String>,
) {
    let floors = floors(name);
    let files = modules_below(&workspace().join(root), above);
    assert!(files.len() > 10, "the sources of {root} are found");
    let wrong: Vec<String> = files
        .iter()
        .flat_map(|(module, path)| {
            let source = std::fs::read_to_string(path).expect("a source file");
            violations(module, paths(&source), &floors)
                .into_iter()
                .map(move |problem| format!("{}: {problem}", path.display()))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_game_s_imports_point_down_its_floors() {
    assert_imports_point_down("src", "src", &[], crate_paths);
}

#[test]
fn the_engine_s_imports_point_down_its_floors() {
    assert_imports_point_down(
        "crates/engine/src",
        "crates/engine/src",
        &["bin"],
        crate_paths,
    );
}

#[test]
fn the_online_crate_s_imports_point_down_its_floors() {
    assert_imports_point_down("crates/online/src", "crates/online/src", &[], crate_paths);
}

/// `search/mod.rs`, which declares the modules and re-exports what the crate may use, stands
/// above every floor of the search.
#[test]
fn the_search_s_imports_point_down_its_floors() {
    let search = "crates/engine/src/search";
    assert_imports_point_down(search, search, &["mod"], search_paths);
}

#[test]
fn the_trainer_s_imports_point_down_its_floors() {
    assert_imports_point_down(
        "crates/trainer/src",
        "crates/trainer/src",
        &["bin"],
        crate_paths,
    );
}

/// The check catches what it is for: the game state reaching up into the menus, on the real map.
#[test]
fn an_import_that_points_up_is_caught() {
    let floors = floors("src");
    let upward = "use crate::schedule::GameSystems;\nfn f() { crate::ui::menus(); }\n";
    assert_eq!(
        violations("game", crate_paths(upward), &floors),
        [format!(
            "game (floor {}) uses ui (floor {}): imports must point down",
            floors["game"], floors["ui"]
        )]
    );
    let grouped = "use crate::{game::Match, settings::{Settings}};";
    assert_eq!(violations("board", crate_paths(grouped), &floors).len(), 1);
    assert_eq!(
        violations("ui", crate_paths(grouped), &floors),
        Vec::<String>::new()
    );
    assert_eq!(
        violations("nowhere", Vec::new(), &floors),
        ["nowhere is on no floor of docs/design.md"]
    );
}

/// Inside the search too: the limits reaching up to the levels, by a module's path or by a name
/// `search/mod.rs` re-exports (as they once did with `super::Level`).
#[test]
fn an_upward_import_inside_the_search_is_caught() {
    let floors = floors("crates/engine/src/search");
    let upward = "fn f() -> SearchLimits { super::level::Level::Expert.limits() }";
    assert_eq!(
        violations("limits", search_paths(upward), &floors),
        [format!(
            "limits (floor {}) uses level (floor {}): imports must point down",
            floors["limits"], floors["level"]
        )]
    );
    let re_exported = "super::Level::Expert.limits()";
    assert_eq!(
        violations("limits", search_paths(re_exported), &floors),
        ["limits uses Level, which is on no floor"]
    );
    let grouped = "use crate::search::{tt::Table, searcher::Searcher};";
    assert_eq!(
        violations("context", search_paths(grouped), &floors).len(),
        1
    );
    let downward = "use super::tt::Table;\nmod tests {\n    use super::*;\n}";
    assert_eq!(
        violations("context", search_paths(downward), &floors),
        Vec::<String>::new()
    );
}
