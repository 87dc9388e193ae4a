// Package webserve serves the browser build of Sightline from a folder,
// sending a file's precompressed copy when the browser accepts it:
// NAME.br (brotli) before NAME.gz (gzip) before NAME itself. `make wasm`
// writes sightline.wasm.br and sightline.wasm.gz beside sightline.wasm;
// the command wasm/serve and the browser smoke test serve them with
// Handler.
//
// A compressed answer carries the compressed file's Content-Length and
// X-Uncompressed-Length, the size of NAME itself, so the page can show
// how much of the module has arrived (a fetch stream yields decompressed
// bytes). Every answer that could have been compressed says
// Vary: Accept-Encoding.
package webserve
