package textio

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuote(t *testing.T) {
	assert.Equal(t, `"null"`, Quote("null"))
	assert.Equal(t, `"\x00\xff"`, Quote("\x00\xff"))
	long := strings.Repeat("ab", 50)
	assert.Equal(t, `"`+long[:MaxQuote]+`"... (100 bytes)`, Quote(long))
}

func TestClip(t *testing.T) {
	assert.Equal(t, "1000", Clip("1000"))
	long := strings.Repeat("9", 100)
	assert.Equal(t, long[:MaxQuote]+"... (100 bytes)", Clip(long))
}

func TestJSONDetail(t *testing.T) {
	type puzzle struct {
		Size  int     `json:"size"`
		Clues []int   `json:"clues"`
		Name  string  `json:"name"`
		Part  [][]int `json:"part"`
		Small uint8   `json:"small"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"size":1e30}`, "size: found number 1e30, want a whole number from -9223372036854775808 to 9223372036854775807"},
		{`{"size":99999999999999999999}`, "size: found number 99999999999999999999, want a whole number from -9223372036854775808 to 9223372036854775807"},
		{`{"small":300}`, "small: found number 300, want a whole number from 0 to 255"},
		{`{"size":"four"}`, "size: found string, want a whole number from -9223372036854775808 to 9223372036854775807"},
		{`{"clues":{}}`, "clues: found object, want an array"},
		{`{"name":[1]}`, "name: found array, want a string"},
		{`{"part":[[1,"x"]]}`, "part: found string, want a whole number from -9223372036854775808 to 9223372036854775807"},
		{`{"size":4,"clues":[1,2`, "the JSON object is cut short"},
		{`{not json}`, "invalid character 'n' looking for beginning of object key string, at byte 2"},
		{`{"colour":1}`, `unknown field "colour"`},
		{`[1,2]`, "the object: found array, want an object"},
	} {
		t.Run(c.in, func(t *testing.T) {
			var p puzzle
			dec := json.NewDecoder(strings.NewReader(c.in))
			dec.DisallowUnknownFields()
			err := dec.Decode(&p)
			assert.Error(t, err)
			assert.Equal(t, c.want, JSONDetail(err))
		})
	}
}
