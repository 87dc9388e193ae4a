// Package store keeps online play's matches, seats and commands in a
// database through database/sql: an SQLite file (OpenSQLite, the pure-Go
// modernc.org/sqlite in WAL mode) or a PostgreSQL database that several
// servers may share (OpenPostgres, with jackc/pgx). Each SQLStore fills
// netplay.Store, the storage the authoritative Host needs.
//
// Only the server (cmd/sightline-server) and tests import it: the game,
// on the desktop and in the browser, links no database.
package store
