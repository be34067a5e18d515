//go:build !js

package main

func urlParams() (variant, fen string) { return "", "" }

func hook(*demo) {}
