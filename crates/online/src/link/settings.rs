//! What the game chooses for a link: the relays, the address to listen on, the program's
//! identity and which end of the line it is.

use iroh::{RelayUrl, SecretKey};

use crate::invitation::{Invitation, Secret};

/// Which relays carry the line when a direct path cannot be punched.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Relays {
    /// The public relays of iroh's makers, which need no account.
    Public,
    /// A relay the player runs (its `https://` address).
    Own(RelayUrl),
    /// No relay and no address lookup: direct addresses only. What the loopback tests use.
    Off,
}

/// How a link reaches the network.
#[derive(Clone, Debug)]
pub struct LinkSettings {
    pub relays: Relays,
    /// Listen on 127.0.0.1 only (the tests).
    pub loopback_only: bool,
    /// The UDP port to listen on (0: any free one). A host that restarts keeps its port, so a
    /// guest on the same network, or on the loopback, finds it at the address it knows.
    pub port: u16,
}

impl LinkSettings {
    /// The loopback address with no relay: for tests, which must never need the internet.
    pub fn loopback() -> LinkSettings {
        LinkSettings {
            relays: Relays::Off,
            loopback_only: true,
            port: 0,
        }
    }
}

/// The program's identity on the network: a key pair whose public half is what the other program
/// dials, and which a program keeps for a game so it can come back after a restart.
#[derive(Clone)]
pub struct Identity(SecretKey);

impl Identity {
    pub fn generate() -> Identity {
        Identity(SecretKey::generate())
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Identity {
        Identity(SecretKey::from_bytes(&bytes))
    }

    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    pub fn public_key(&self) -> [u8; 32] {
        *self.0.public().as_bytes()
    }

    pub(crate) fn secret_key(&self) -> &SecretKey {
        &self.0
    }
}

/// Which end of the line this program is.
#[derive(Clone, Debug)]
pub enum Role {
    /// Listens for the holders of the invitation's `secret`: the first `seats` programs to
    /// join, and afterwards only they (`admitted`: the programs that joined before a restart).
    Host {
        secret: Secret,
        name: String,
        seats: usize,
        admitted: Vec<[u8; 32]>,
    },
    /// Dials the invitation's host, and again after every drop.
    Guest {
        invitation: Invitation,
        name: String,
    },
}
