// Package ruletest builds battles for tests from ASCII maps: the one place
// the tests of actions, match, systems, scenes and arena take their
// troopers from, so a change to how a test battle is equipped is made once.
package ruletest
