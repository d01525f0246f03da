//! The endpoint on the network: bound as the settings say, then host or guest as the role says.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use iroh::endpoint::{QuicTransportConfig, presets};
use iroh::{Endpoint, RelayMode};
use tokio::sync::mpsc as async_mpsc;

use crate::invitation::HostAddress;

use super::command::Command;
use super::events::Events;
use super::guest::guest;
use super::host::{Seats, host};
use super::{Identity, LinkEvent, LinkSettings, Relays, Role};

/// The protocol's name in the connection's handshake: programs that speak something else are
/// refused before a byte of ours is read.
pub const ALPN: &[u8] = b"reversi3d/game/1";

async fn bind(
    identity: &Identity,
    settings: &LinkSettings,
    accept: bool,
) -> Result<Endpoint, String> {
    let transport = QuicTransportConfig::builder()
        .keep_alive_interval(Duration::from_secs(3))
        .max_idle_timeout(Duration::from_secs(12).try_into().ok())
        .build();
    let mut builder = match &settings.relays {
        Relays::Public => Endpoint::builder(presets::N0),
        Relays::Own(url) => {
            Endpoint::builder(presets::N0).relay_mode(RelayMode::custom([url.clone()]))
        }
        Relays::Off => Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled),
    }
    .secret_key(identity.secret_key().clone())
    .transport_config(transport);
    if accept {
        builder = builder.alpns(vec![ALPN.to_vec()]);
    }
    if settings.loopback_only {
        builder = builder
            .clear_ip_transports()
            .bind_addr(SocketAddr::from((Ipv4Addr::LOCALHOST, settings.port)))
            .map_err(|error| error.to_string())?;
    } else if settings.port != 0 {
        builder = builder
            .bind_addr(SocketAddr::from((Ipv4Addr::UNSPECIFIED, settings.port)))
            .map_err(|error| error.to_string())?;
    }
    builder.bind().await.map_err(|error| error.to_string())
}

pub(super) async fn run(
    identity: Identity,
    role: Role,
    settings: LinkSettings,
    mut commands: async_mpsc::UnboundedReceiver<Command>,
    events: &Events,
) {
    let accept = matches!(role, Role::Host { .. });
    let endpoint = match bind(&identity, &settings, accept).await {
        Ok(endpoint) => endpoint,
        Err(error) => {
            events.send(LinkEvent::Failed(error));
            return;
        }
    };
    match role {
        Role::Host {
            secret,
            name,
            seats,
            admitted,
        } => {
            if settings.relays != Relays::Off {
                // The relay's address belongs in the invitation; wait for it a little.
                let _ = tokio::time::timeout(Duration::from_secs(6), endpoint.online()).await;
            }
            events.send(LinkEvent::Listening(host_address(&endpoint)));
            let seats = Seats { seats, admitted };
            host(&endpoint, secret, name, seats, &mut commands, events).await;
        }
        Role::Guest { invitation, name } => {
            guest(&endpoint, invitation, name, &mut commands, events).await;
        }
    }
    endpoint.close().await;
}

fn host_address(endpoint: &Endpoint) -> HostAddress {
    let addr = endpoint.addr();
    HostAddress {
        key: *endpoint.id().as_bytes(),
        relay: addr.relay_urls().next().map(|url| url.to_string()),
        direct: addr.ip_addrs().take(8).copied().collect(),
    }
}
