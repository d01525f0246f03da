use std::fs;
use std::path::PathBuf;

use super::*;
use crate::locale::{Language, Locale, Text};

/// The notice in English, as the tests read it.
fn words(notice: Option<Text>) -> String {
    let notice = notice.expect("a notice");
    Locale::new(Language::English).render(&notice)
}

#[derive(serde::Serialize, serde::Deserialize, Default, PartialEq, Debug)]
struct Sample {
    wins: u32,
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-persist-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn saved_values_read_back() {
    let path = scratch("roundtrip").join("sample.ron");
    save(&path, &Sample { wins: 7 }).unwrap();
    let loaded: Loaded<Sample> = load_or_default(&path);
    assert_eq!(loaded.value, Sample { wins: 7 });
    assert!(loaded.notice.is_none());
}

#[test]
fn a_corrupt_file_is_moved_aside_with_a_notice() {
    let dir = scratch("corrupt");
    let path = dir.join("sample.ron");
    fs::write(&path, "(wins: \"lots\"").unwrap();
    let loaded: Loaded<Sample> = load_or_default(&path);
    assert_eq!(loaded.value, Sample::default());
    let notice = words(loaded.notice);
    assert!(notice.contains("could not be read"), "{notice}");
    assert!(!path.exists(), "the bad file no longer blocks the name");
    let kept: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    assert!(
        kept.iter().any(|name| name.starts_with("sample.ron.bad-")),
        "{kept:?}"
    );
    let aside = dir.join(
        kept.iter()
            .find(|n| n.starts_with("sample.ron.bad-"))
            .unwrap(),
    );
    assert_eq!(
        fs::read_to_string(aside).unwrap(),
        "(wins: \"lots\"",
        "the bad file is kept as it was"
    );
}

#[test]
fn a_file_that_cannot_be_moved_aside_is_never_overwritten() {
    let dir = scratch("kept");
    // A name so long that no longer name fits the file system: the rename fails.
    let path = dir.join(format!("{}.ron", "s".repeat(248)));
    fs::write(&path, "(wins: \"lots\"").unwrap();
    let loaded: Loaded<Sample> = load_or_default(&path);
    let notice = words(loaded.notice);
    assert!(notice.contains("nor moved aside"), "{notice}");
    assert!(notice.contains("will not be overwritten"), "{notice}");
    assert!(save(&path, &Sample { wins: 1 }).is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: \"lots\"");
}

#[test]
fn damaged_files_of_the_same_second_are_all_kept() {
    let dir = scratch("samesecond");
    let path = dir.join("sample.ron");
    for damage in ["(wins: 1", "(wins: 2", "(wins: 3"] {
        fs::write(&path, damage).unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        assert!(words(loaded.notice).contains("It was kept as"));
    }
    let mut kept: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().contains(".bad-"))
        .map(|entry| fs::read_to_string(entry.path()).unwrap())
        .collect();
    kept.sort();
    assert_eq!(kept, ["(wins: 1", "(wins: 2", "(wins: 3"]);
}

#[test]
fn a_file_out_of_reach_is_left_in_place_and_never_overwritten() {
    let dir = scratch("unreachable");
    let path = dir.join("sample.ron");
    fs::write(&path, "(wins: 4)").unwrap();
    // What reading a file without permission gives (tests run as root in CI, where
    // permissions do not stop a read).
    let denied = ReadError::Io(std::io::ErrorKind::PermissionDenied.into());
    let loaded: Loaded<Sample> = loaded_or_default(&path, Err(denied));
    assert_eq!(loaded.value, Sample::default());
    let notice = words(loaded.notice);
    assert!(notice.contains("cannot be read"), "{notice}");
    assert!(notice.contains("left as it is"), "{notice}");
    assert!(
        save(&path, &Sample { wins: 1 }).is_err(),
        "never written over"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: 4)");
    let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(names.len(), 1, "nothing moved aside");
}

#[test]
fn a_folder_where_a_file_is_expected_is_reported_and_left_alone() {
    let dir = scratch("folder");
    let path = dir.join("sample.ron");
    fs::create_dir_all(path.join("inside")).unwrap();
    let loaded: Loaded<Sample> = load_or_default(&path);
    let notice = words(loaded.notice);
    assert!(notice.contains("not a regular file"), "{notice}");
    assert!(notice.contains("left as it is"), "{notice}");
    assert!(path.join("inside").is_dir(), "the folder was not moved");
    assert!(save(&path, &Sample { wins: 1 }).is_err());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = scratch("fifo");
    let path = dir.join("sample.ron");
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    if !made.is_ok_and(|status| status.success()) {
        return;
    }
    let loaded: Loaded<Sample> = load_or_default(&path);
    assert!(words(loaded.notice).contains("not a regular file"));
}

#[test]
fn a_huge_file_is_not_read_but_kept_aside() {
    let dir = scratch("huge");
    let path = dir.join("sample.ron");
    fs::write(&path, vec![b' '; MAX_CONFIG_FILE_BYTES as usize + 1]).unwrap();
    let loaded: Loaded<Sample> = load_or_default(&path);
    let notice = words(loaded.notice);
    assert!(notice.contains("too large"), "{notice}");
    assert!(!path.exists(), "moved aside");
}

#[cfg(unix)]
#[test]
fn a_linked_file_stays_a_link_and_its_target_is_rewritten() {
    let dir = scratch("link");
    let target = dir.join("dotfiles").join("sample.ron");
    fs::create_dir_all(target.parent().unwrap()).unwrap();
    fs::write(&target, "(wins: 1)").unwrap();
    let link = dir.join("sample.ron");
    std::os::unix::fs::symlink("dotfiles/sample.ron", &link).unwrap();
    save(&link, &Sample { wins: 9 }).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let loaded: Loaded<Sample> = load_or_default(&target);
    assert_eq!(loaded.value, Sample { wins: 9 });
}
