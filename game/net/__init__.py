"""One table across several computers on the local network (model layer, no pygame).

    protocol.py      the messages: versioned JSON, their limits, error codes (docs/network.md)
    tablecode.py     the code a person types to join: certificate pin + join secret
    certs.py         the host's self-signed TLS certificate and both sides' TLS contexts
    table.py         HostedTable: the host's Match, its seats (local, remote, bot), what each seat is sent
    server.py        TableServer: the WebSocket server in its own thread, bounds on every client
    client.py        TableClient: the connection in its own thread, pinning, resuming with the token
    remote_match.py  RemoteMatch: the match-like object a table scene uses at a remote seat
    headless.py      the command line's host and bot-playing client (main.py --host / --join)
    hosting.py       a table opened around a Match (the host's window, --host --save), kept beside its save
    announce.py      the open table announced on the network (zeroconf, _sifang._tcp.local.)

The host's Match is the only state: everything that decides runs there; a client only sends intents
and receives what its seat may see.
"""
from pathlib import Path

KEEP_SUFFIX = ".table"
DEFAULT_PORT = 47047   # where a table listens unless told otherwise (the README's firewall words)


def keep_path(save_path: Path) -> Path:
    """Where a hosted game's private table file is kept: beside its save (here, so that a Continue
    can ask whether a save was hosted without loading the network's modules)."""
    return Path(save_path).with_suffix(KEEP_SUFFIX)
