// Package httpserve runs the project's small HTTP servers (the online
// match server, the browser build's static file server) one way: listen,
// say where, serve with a bound on reading a request's header, and shut
// down gracefully when asked to stop.
package httpserve
