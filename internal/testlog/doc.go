// Command testlog runs `go test -json` and prints what plain `go test`
// would: each package's ok or FAIL line, build errors, and the whole
// output of every failing test (its logs, its --- FAIL line, a panic or
// a timeout), hiding the output of tests that passed. It exits with the
// status of the command it ran, and with status 1 if a test failed
// though the command exited 0. Its last line is the command's CPU time
// (user + sys of it and of the processes it waited for, go test's
// compiles and test binaries), the measure of a step on a shared machine.
//
// It appends each finished test's time to a file, so a run of several
// steps (make test) can print its slowest tests at the end:
//
//	testlog -times out/test-times.tsv -label native -- go test -json ./...
//	testlog -slowest 10 out/test-times.tsv
//
// The times file holds one test a line: label, package, test, seconds
// and CPU seconds, separated by tabs. The CPU is a top-level test's, read
// from /proc at its start and end: user + sys of its test binary (every
// thread; under -exec, node's or qemu's) and of the programs it ran and
// waited for, sampled every 100 ms for the binary's last test; "-" when
// unknown (a subtest, a package whose output go test held back until its
// binary had exited, no /proc). A test run in parallel counts its
// neighbours' CPU too; a browser's processes are not counted. Only
// top-level tests are listed by -slowest; a subtest's time is part of its
// parent's.
package main
