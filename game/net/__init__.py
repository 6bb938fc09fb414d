"""One table across several computers on the local network (model layer, no pygame).

    protocol.py      the messages: versioned JSON, their limits, error codes (docs/network.md)
    tablecode.py     the code a person types to join: certificate pin + join secret
    certs.py         the host's self-signed TLS certificate and both sides' TLS contexts
    table.py         HostedTable: the host's Match, its seats (local, remote, bot), what each seat is sent
    server.py        TableServer: the WebSocket server in its own thread, bounds on every client
    client.py        TableClient: the connection in its own thread, pinning, resuming with the token
    remote_match.py  RemoteMatch: the match-like object a table scene uses at a remote seat
    headless.py      the command line's host and bot-playing client (main.py --host / --join)

The host's Match is the only state: everything that decides runs there; a client only sends intents
and receives what its seat may see.
"""
