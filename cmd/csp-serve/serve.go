package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/cmd/internal/cli"
)

// The workbench: csp serve runs an HTTP server for the page embedded from
// web/ and the JSON API under /api/ that it uses (docs/API.md). Every
// request is bounded (body, instance, time, concurrent searches) and the
// server reads and writes no file a request names.

//go:embed web
var webFiles embed.FS

// serveConfig is csp serve's flags.
type serveConfig struct {
	addr        string
	timeout     time.Duration // the time limit of a request
	maxSearches int           // searches running at once; more wait
}

// Limits of a request (docs/API.md lists them).
const (
	maxBody       = 1 << 20  // a request's body
	maxBenchBody  = 16 << 20 // an uploaded bench --json document
	defaultReqTTL = 10 * time.Second
)

// defaultMaxSearches is the searches the server runs at once unless told
// otherwise: one per core (GOMAXPROCS), so that a search past its time
// limit is running when the limit passes and stops within milliseconds.
// With more searches than cores they share the cores in the runtime's
// 10 ms slices, and one past its limit waits for its turn to notice
// (docs/BENCHMARKS.md, "csp serve under load"). At least 2: a bench run
// takes one.
func defaultMaxSearches() int { return max(runtime.GOMAXPROCS(0), 2) }

// serveProcs gives the runtime one P (GOMAXPROCS) more than the searches
// that may run at once, and returns the function that puts the old value
// back. With every P running a search, the server's own work waits for a
// search to be preempted (every 10 ms at best, later on a loaded
// machine): its connections, its answers, and the runtime timers that end
// the searches' contexts at their time limits (measured in
// docs/BENCHMARKS.md, "csp serve under load").
func serveProcs(searches int) (restore func()) {
	old := runtime.GOMAXPROCS(0)
	if old > searches {
		return func() {}
	}
	runtime.GOMAXPROCS(searches + 1)
	return func() { runtime.GOMAXPROCS(old) }
}

// serve runs the server until ctx (Ctrl-C) ends, then shuts it down.
func serve(stdout, stderr *cli.Output, args []string) int {
	c := serveConfig{addr: "127.0.0.1:8080", timeout: defaultReqTTL, maxSearches: defaultMaxSearches()}
	fs := flag.NewFlagSet("csp serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.addr, "addr", c.addr, "")
	fs.DurationVar(&c.timeout, "timeout", c.timeout, "")
	fs.IntVar(&c.maxSearches, "max-searches", c.maxSearches, "")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Print(serveUsage)
		return 0
	case err != nil:
		return cli.UsageError(stderr, "serve: %v", err)
	case fs.NArg() > 0:
		return cli.UsageError(stderr, "serve: unexpected argument %q", fs.Arg(0))
	case c.timeout <= 0:
		return cli.UsageError(stderr, "serve: --timeout must be positive")
	case c.maxSearches < 1:
		return cli.UsageError(stderr, "serve: --max-searches must be at least 1")
	}
	defer serveProcs(c.maxSearches)()
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		stderr.Printf("csp: serve: %v\n", err)
		return 1
	}
	ctx, cancel := cli.Interrupts()
	defer cancel()
	// The memory guard of the whole server: a search that would take the
	// process past the machine's bound is stopped (unknown, memory limit).
	ctx, release := cli.GuardMemory(ctx, cli.DefaultMaxMemory())
	defer release()
	srv := newServer(ctx, c)
	if loopback(ln.Addr()) {
		srv.localPort = ln.Addr().(*net.TCPAddr).Port
	}
	h := srv.handler()
	// No read or write timeout past the headers: a read deadline that
	// passes while a handler runs cancels its request's context, and the
	// bench's event stream lasts as long as its run. A request's work is
	// bounded by its time limit, its body by its size and bodyTimeout.
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: time.Minute,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	stdout.Printf("csp serve: listening on http://%s/\n", ln.Addr())
	if !loopback(ln.Addr()) {
		stderr.Printf("csp: serve: warning: %s is not a loopback address: anyone who can reach it can use the server\n", ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		stderr.Printf("csp: serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	stdout.Printf("csp serve: shutting down\n")
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	err = hs.Shutdown(sctx)
	srv.bench.wg.Wait() // ctx is done: a bench run under way stops
	if err != nil {
		stderr.Printf("csp: serve: shutdown: %v\n", err)
		return 1
	}
	return 0
}

// loopback reports whether addr is a loopback address.
func loopback(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// localOnly refuses a request whose Host is not the loopback address the
// server listens on, by name or number: a page of another site that a
// rebound DNS name points at 127.0.0.1 cannot use the API.
func localOnly(h http.Handler, port int) http.Handler {
	ok := map[string]bool{}
	for _, host := range []string{"localhost", "127.0.0.1", "[::1]"} {
		ok[host+":"+strconv.Itoa(port)] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ok[r.Host] {
			writeError(w, http.StatusForbidden, fmt.Errorf("host %q: this server answers only localhost:%d, 127.0.0.1:%d and [::1]:%d", r.Host, port, port, port))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// server is the workbench's state: its limits and the searches running.
type server struct {
	ctx          context.Context // the server's life: Ctrl-C ends it
	cfg          serveConfig
	localPort    int           // a loopback server's port: only its Host names are answered (localOnly); 0 for any
	searches     chan struct{} // a token per search running
	memPerSearch int64         // the memory a search may take (--max-memory of one)
	bench        benches
}

func newServer(ctx context.Context, c serveConfig) *server {
	return &server{ctx: ctx, cfg: c, searches: make(chan struct{}, c.maxSearches),
		memPerSearch: max(cli.DefaultMaxMemory()/int64(c.maxSearches), 1)}
}

// handler routes the page and the API.
func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	web, err := fs.Sub(webFiles, "web")
	if err != nil { // cannot happen: web is embedded
		panic(err)
	}
	files := http.FileServerFS(web)
	allow := map[string]string{} // the API's paths -> their method, for the 405s
	route := func(method, path string, h http.HandlerFunc) {
		mux.HandleFunc(method+" "+path, h)
		allow[path] = method
	}
	route("GET", "/api/problems", s.problems)
	route("GET", "/api/suites", s.suites)
	route("POST", "/api/parse", s.handle("solve", needDraw, s.parse))
	route("POST", "/api/solve", s.handle("solve", nil, s.solve))
	route("POST", "/api/count", s.handle("check", needModel, s.count))
	route("POST", "/api/grade", s.handle("grade", needLadderOf, s.grade))
	route("POST", "/api/explain", s.handle("explain", needLadderOf, s.explain))
	route("POST", "/api/hint", s.handle("hint", needLadderOf, s.hint))
	route("POST", "/api/marks", s.handle("marks", needMarks, s.marks))
	route("POST", "/api/diagnose", s.handle("diagnose", needDiagnose, s.diagnose))
	route("POST", "/api/export", s.handle("solve", nil, s.export))
	route("POST", "/api/generate", s.generate)
	route("POST", "/api/bench", s.startBench)
	mux.HandleFunc("GET /api/bench/{id}", s.benchStatus)
	mux.HandleFunc("DELETE /api/bench/{id}", s.stopBench)
	mux.HandleFunc("GET /api/bench/{id}/events", s.benchEvents)
	route("POST", "/api/bench/report", s.benchUpload)
	// Everything else: the page's files (GET and HEAD), a 405 for a known
	// path of the API asked with another method, a 404.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				w.Header().Set("Allow", "GET, HEAD")
				writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s not allowed: want GET", r.Method))
				return
			}
			files.ServeHTTP(w, r)
			return
		}
		if m, ok := allow[r.URL.Path]; ok {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s not allowed on %s: want %s", r.Method, r.URL.Path, m))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Errorf("no such endpoint: %s", r.URL.Path))
	})
	var h http.Handler = secure(mux)
	if s.localPort != 0 {
		h = localOnly(h, s.localPort)
	}
	return bodyDeadline(h)
}

const serveUsage = `Usage: csp serve [--addr 127.0.0.1:8080] [--timeout 10s] [--max-searches N]

Serves the puzzle workbench: a page at / and its JSON API under /api/
(docs/API.md), both embedded in the binary. It binds to the loopback
address unless --addr names another (it warns then: anyone who reaches
the address can use it), and prints the address. Ctrl-C stops the
searches under way and shuts it down.

  --addr HOST:PORT    where to listen (default 127.0.0.1:8080; port 0: any free one)
  --timeout D         the time limit of a request, its wait for a search
                      included (default 10s); a search past it answers unknown
  --max-searches N    searches at once (default one per core, at least 2);
                      more wait within their limit, then get 503

Every request is bounded: a body of 1 MiB (a bench document 16 MiB), the
readers' limits on an instance, the time limit, the cap on searches. The
server reads and writes no file a request names: bench runs only the
embedded suites.
`
