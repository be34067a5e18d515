//go:build native && !js

package render

func tuneWebGL() {}
