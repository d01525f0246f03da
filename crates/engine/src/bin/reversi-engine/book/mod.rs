//! `reversi-engine book build|show`: build (or continue) an opening book, and show the book
//! moves of a position.

mod build;
mod show;

use std::borrow::Cow;
use std::io::Write;
use std::path::Path;

use clap::{Args, Subcommand};
use reversi_engine::book::Book;

use crate::Failure;
use crate::input_file::{FileKind, read_bytes};

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Build an opening book into FILE, or continue the one there (checkpointed as it grows).
    Build(build::BuildArgs),
    /// The book moves of a position, best first, or that it is not in the book.
    Show(show::ShowArgs),
}

pub fn run(args: BookArgs, out: &mut impl Write) -> Result<(), Failure> {
    match args.command {
        BookCommand::Build(args) => build::run(args, out),
        BookCommand::Show(args) => show::run(args, out),
    }
}

/// The book in the file at `path`, or a message naming the file and what is wrong with it.
fn read_book(path: &Path) -> Result<Book, Failure> {
    let bytes = read_bytes(path, FileKind::Book)?;
    Book::from_bytes(&bytes).map_err(|error| {
        Failure::Usage(format!("{} is not a usable book: {error}", path.display()))
    })
}

/// The book of `--book FILE`, or the shipped one.
fn book_or_shipped(path: Option<&Path>) -> Result<Cow<'static, Book>, Failure> {
    match path {
        Some(path) => Ok(Cow::Owned(read_book(path)?)),
        None => Ok(Cow::Borrowed(Book::shipped())),
    }
}
