// Package cputime reads the processor time the running process has used,
// for benchmarks and tests that report what a piece of work costs whatever
// else the machine runs.
package cputime
