package flatzinc

import (
	"errors"
	"io"
	"strconv"

	"github.com/cspgo/csp/internal/textio"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tFloat
	tString
	tPunct // Text is one of ; : :: , = .. [ ] ( ) { }
)

// token is one lexeme. Text is a copy (the line buffer is reused).
type token struct {
	kind tokKind
	pos  Pos
	text string
	num  int64 // tInt's value
}

// describe names a token for an error message.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tString:
		return "string " + textio.Quote(t.text)
	}
	return textio.Quote(t.text)
}

// lexer cuts a FlatZinc text into tokens, one line at a time through a
// textio.Reader (so every line is bounded, and nothing but the current
// line is held). No FlatZinc token spans lines; % starts a comment that
// runs to the end of the line.
type lexer struct {
	r    *textio.Reader
	line []byte
	no   int // number of the current line
	i    int // next byte of line
	eof  bool
	end  Pos   // where the input ends, once eof
	err  error // a read error, reported once at the point it happened
	// peek is a token read ahead, when peeked: kept in place, not
	// pointed to, so that a lookahead allocates nothing.
	peek   token
	peeked bool
}

func newLexer(in io.Reader, maxLine int) *lexer {
	return &lexer{r: textio.NewReader(in, textio.Options{MaxLine: maxLine, TooLong: ErrTooLarge})}
}

// next returns the next token, or an *Error.
func (lx *lexer) next() (token, error) {
	if lx.peeked {
		lx.peeked = false
		return lx.peek, nil
	}
	return lx.scan()
}

// unread puts t back, to be the next token.
func (lx *lexer) unread(t token) { lx.peek, lx.peeked = t, true }

// lookahead returns the next token without consuming it.
func (lx *lexer) lookahead() (token, error) {
	if !lx.peeked {
		t, err := lx.scan()
		if err != nil {
			return t, err
		}
		lx.unread(t)
	}
	return lx.peek, nil
}

// elementsAhead returns how many elements the list being read has, when
// the rest of it, up to its closing bracket, lies on the current line and
// nothing was read ahead: the stretches between its commas (at its own
// level, its brackets, braces, parentheses and strings skipped) that hold
// something, so that a line of bare commas counts none; -1 when it cannot
// tell. It reads each byte once, and a list nested in it stops at its own
// closing bracket, so the lists of a line cost no more than one pass each
// (times their depth).
func (lx *lexer) elementsAhead() int {
	if lx.peeked {
		return -1
	}
	depth, elems, filled := 0, 0, false
	line := lx.line
	for i := lx.i; i < len(line); i++ {
		c := line[i]
		switch c {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			if depth == 0 {
				if filled {
					elems++
				}
				return elems
			}
			depth--
		case ',':
			if depth == 0 {
				if filled {
					elems++
				}
				filled = false
				continue
			}
		case '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		case '%':
			return -1 // a comment: the list goes on past the line
		case ' ', '\t', '\r', '\f', '\v':
			continue
		}
		filled = true
	}
	return -1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdent(c byte) bool  { return isLetter(c) || isDigit(c) || c == '_' }

func (lx *lexer) scan() (token, error) {
	for {
		for lx.i < len(lx.line) {
			c := lx.line[lx.i]
			if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
				lx.i++
				continue
			}
			if c == '%' {
				lx.i = len(lx.line)
				break
			}
			return lx.token()
		}
		if lx.eof {
			return token{kind: tEOF, pos: lx.end}, nil
		}
		l, err := lx.r.Next()
		switch {
		case errors.Is(err, io.EOF):
			lx.eof, lx.end = true, Pos{max(lx.no, 1), len(lx.line) + 1}
			lx.line, lx.i = nil, 0
			continue
		case err != nil:
			var pe *textio.ParseError
			if errors.As(err, &pe) {
				if errors.Is(err, ErrTooLarge) {
					return token{}, errAt(Pos{pe.Line, 1}, ErrTooLarge, "%s", pe.Detail)
				}
				return token{}, errAt(Pos{pe.Line, 1}, ErrRead, "%v", pe.Err)
			}
			return token{}, errAt(Pos{lx.no + 1, 1}, ErrRead, "%v", err)
		}
		lx.line, lx.no, lx.i = l.Text, l.No, 0
	}
}

// token reads the token starting at lx.i, which is not blank.
func (lx *lexer) token() (token, error) {
	start := lx.i
	pos := Pos{lx.no, start + 1}
	l := lx.line
	c := l[start]
	switch {
	case isLetter(c) || c == '_':
		j := start + 1
		for j < len(l) && isIdent(l[j]) {
			j++
		}
		lx.i = j
		return token{kind: tIdent, pos: pos, text: string(l[start:j])}, nil
	case isDigit(c) || c == '-' && start+1 < len(l) && isDigit(l[start+1]):
		return lx.number(pos)
	case c == '"':
		j := start + 1
		for j < len(l) && l[j] != '"' {
			if l[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(l) {
			return token{}, errAt(pos, ErrSyntax, "string not closed on its line")
		}
		lx.i = j + 1
		return token{kind: tString, pos: pos, text: string(l[start+1 : j])}, nil
	case c == ':' || c == '.':
		if start+1 < len(l) && l[start+1] == c {
			lx.i = start + 2
			return token{kind: tPunct, pos: pos, text: string(l[start : start+2])}, nil
		}
		if c == '.' {
			return token{}, errAt(pos, ErrSyntax, "lone '.' (want '..')")
		}
		lx.i++
		return token{kind: tPunct, pos: pos, text: ":"}, nil
	case c == ';' || c == ',' || c == '=' || c == '[' || c == ']' || c == '(' || c == ')' || c == '{' || c == '}':
		lx.i++
		return token{kind: tPunct, pos: pos, text: string(c)}, nil
	}
	return token{}, errAt(pos, ErrSyntax, "unexpected character %s", textio.Quote(string(l[start:min(start+1, len(l))])))
}

// number reads an integer (decimal, 0x hexadecimal, 0o octal) or a float
// literal.
func (lx *lexer) number(pos Pos) (token, error) {
	l := lx.line
	start := lx.i
	j := start
	if l[j] == '-' {
		j++
	}
	if j+1 < len(l) && l[j] == '0' && (l[j+1] == 'x' || l[j+1] == 'o') {
		base := 16
		if l[j+1] == 'o' {
			base = 8
		}
		k := j + 2
		for k < len(l) && (isDigit(l[k]) || base == 16 && (l[k]|0x20 >= 'a' && l[k]|0x20 <= 'f')) {
			k++
		}
		lx.i = k
		text := string(l[start:k])
		digits := string(l[j+2 : k])
		v, err := strconv.ParseInt(digits, base, 64)
		if digits == "" || err != nil && !errors.Is(err, strconv.ErrRange) {
			return token{}, errAt(pos, ErrSyntax, "bad number %s", textio.Quote(text))
		}
		if err != nil {
			return token{}, errAt(pos, ErrRange, "%s does not fit in 64 bits", textio.Quote(text))
		}
		if l[start] == '-' {
			v = -v
		}
		return token{kind: tInt, pos: pos, text: text, num: v}, nil
	}
	for j < len(l) && isDigit(l[j]) {
		j++
	}
	float := false
	if j+1 < len(l) && l[j] == '.' && isDigit(l[j+1]) {
		float = true
		j++
		for j < len(l) && isDigit(l[j]) {
			j++
		}
	}
	if j < len(l) && (l[j] == 'e' || l[j] == 'E') {
		k := j + 1
		if k < len(l) && (l[k] == '+' || l[k] == '-') {
			k++
		}
		if k < len(l) && isDigit(l[k]) {
			float = true
			for k < len(l) && isDigit(l[k]) {
				k++
			}
			j = k
		}
	}
	if j < len(l) && isIdent(l[j]) {
		return token{}, errAt(pos, ErrSyntax, "bad number %s", textio.Quote(string(l[start:min(j+1, len(l))])))
	}
	lx.i = j
	text := string(l[start:j])
	if float {
		return token{kind: tFloat, pos: pos, text: text}, nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return token{}, errAt(pos, ErrRange, "%s does not fit in 64 bits", textio.Quote(text))
	}
	return token{kind: tInt, pos: pos, text: text, num: v}, nil
}
