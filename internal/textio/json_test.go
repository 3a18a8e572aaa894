package textio

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

type jsonInner struct {
	Row  int `json:"row"`
	Look int `json:"look,omitempty"`
}

type jsonOuter struct {
	Size  int         `json:"size"`
	Cells []jsonInner `json:"cells"`
	Plain int
	Skip  int `json:"-"`
}

func TestDecodeObject(t *testing.T) {
	for _, c := range []struct {
		in, detail string
	}{
		{`{"size":3,"cells":[{"row":1,"look":2},{"row":2}],"Plain":4}`, ""},
		{` {"size":3} `, ""},
		{`{"size":3,"cells":[]}`, ""},
		{`{"SIZE":3}`, `key "SIZE": keys are case-sensitive, want "size"`},
		{`{"size":3,"cells":[{"Row":1}]}`, `key "Row": keys are case-sensitive, want "row"`},
		{`{"plain":3}`, `key "plain": keys are case-sensitive, want "Plain"`},
		{`{"size":3,"size":3}`, `key "size" given twice in one object`},
		{`{"size":3,"cells":[{"row":1,"row":2}]}`, `key "row" given twice in one object`},
		// The same key in two objects is not a repeat.
		{`{"cells":[{"row":1},{"row":1}],"size":1}`, ""},
		{`{"size":3}{}`, "text after the JSON object"},
		{`{"size":3}}`, "text after the JSON object"},
		{`{"size":3} ]`, "text after the JSON object"},
		{`{"size":3} x`, "text after the JSON object"},
		{"{\"size\":3} \t\n", ""},
		{`{"colour":1}`, `unknown field "colour"`},
		{`{"Skip":1}`, `unknown field "Skip"`},
		{`{"size":`, "cut short"},
		{`{"size":"3"}`, "size: found string, want a whole number"},
	} {
		var v jsonOuter
		got := DecodeObject(c.in, &v)
		if c.detail == "" {
			assert.Empty(t, got, c.in)
		} else {
			assert.Contains(t, got, c.detail, c.in)
		}
	}
	var v jsonOuter
	assert.Empty(t, DecodeObject(`{"size":3,"cells":[{"row":5}],"Plain":2}`, &v))
	assert.Equal(t, jsonOuter{Size: 3, Cells: []jsonInner{{Row: 5}}, Plain: 2}, v)
}
