// Package netplay is online play's core: the versioned JSON messages a
// client and the server exchange (proto.go), the client (Client, Remote),
// the Store interface the server keeps matches, seats and commands
// behind (its SQLite and PostgreSQL stores are package netplay/store,
// which the game never links; MemoryStore keeps them in memory), and
// Host, the authoritative side of a match: it loads the level, seeds the
// dice from crypto/rand and keeps the seed to itself, applies each seat's
// commands through package match once they are committed to the store,
// and tells each seat only its own side's View and the events that side
// witnessed. A match is rebuilt after a restart by re-playing its stored
// commands.
//
// The client speaks through a small transport (transport.go): net/http
// and coder/websocket on the desktop, the page's own fetch and WebSocket
// over syscall/js in the browser, which links neither net/http nor
// crypto/tls. Server, the HTTP and WebSocket side, builds natively only.
//
// It never imports ebiten. The protocol, for a client:
//
//  1. POST /matches {"level":"crossroads","turns":30} creates a match and
//     answers {"match":ID,"blue":TOKEN,"red":TOKEN}; each token is the only
//     key to its seat.
//  2. The client opens the WebSocket /matches/ID/play and sends
//     {"v":3,"type":"hello","match":ID,"seat":TOKEN}. The server answers
//     {"v":3,"type":"hello","side":"blue",...} and then a "view" message:
//     the side's View (match.View's JSON, its seen tiles as bits) and
//     "seq", the number of this seat's commands applied so far. A view
//     leaves out ("kept") the map and data tables, and ("keptObstacles")
//     the obstacles, while they are those last sent on the connection.
//  3. On its turn the client sends {"v":3,"type":"command","seq":N,
//     "command":{rules.CommandSpec}} with N the "seq" of the last view: a
//     command whose N was applied already is refused as replayed, so a
//     client that reconnects and sends again cannot apply a command twice.
//  4. After each command is committed the server sends each seat an
//     "events" message (the events its side witnessed, "ack":true to the
//     seat that gave it) when it saw any, then a "view" message when its
//     view changed. A refused command gets an "error" message with a
//     "code" and words, and changes nothing.
//  5. When the match ends, the view message carries "result": the
//     winner, the turns and the end digest; GET
//     /matches/ID/replay?token=TOKEN then serves the replay to the holder
//     of a seat's or the spectator link's token.
package netplay
