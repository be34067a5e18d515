//go:build !experiment

package ai

// experiment changes nothing without the experiment build tag
// (experiment.go).
func experiment(string, *tuning) {}
