package learn

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
)

// The lessons are data: one JSON file per game in data/ (README.md
// describes the format), embedded in the program and read once when the
// package starts. A file that does not decode (a typo in a field's name
// included) stops the program at once; the tests check everything else.

//go:embed data/*.json
var dataFiles embed.FS

// lessonFiles are the lessons' files, in the games' order.
var lessonFiles = []string{"data/bedlam.json", "data/assimilation.json", "data/bifold-halfgi.json"}

var lessons = mustLoad()

func mustLoad() []*Lesson {
	var out []*Lesson
	for _, name := range lessonFiles {
		b, err := dataFiles.ReadFile(name)
		if err != nil {
			panic(err)
		}
		l, err := decode(b)
		if err != nil {
			panic(fmt.Sprintf("learn: %s: %v", name, err))
		}
		out = append(out, l)
	}
	return out
}

// decode reads one lesson file, refusing unknown fields and trailing data.
func decode(b []byte) (*Lesson, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var l Lesson
	if err := d.Decode(&l); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("data after the lesson")
	}
	return &l, nil
}
