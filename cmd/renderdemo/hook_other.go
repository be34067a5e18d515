//go:build !js && native

package main

func urlParams() (variant, fen string) { return "", "" }

func hook(*demo) {}
