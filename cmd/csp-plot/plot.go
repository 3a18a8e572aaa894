package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// writePlot draws the benchmark as one SVG of two charts: a cactus
// plot (instances solved against the time each took, sorted, one line per
// configuration, time on a log scale: the lower and further right, the
// better), and a per-propagator breakdown (runs of each propagator kind,
// per configuration). gonum/plot draws them: axes, log
// ticks, legends and SVG output are its business, not ours.
func writePlot(w io.Writer, configs []string, results []benchRun) error {
	cactus := plot.New()
	cactus.Title.Text = "Instances solved against time"
	cactus.X.Label.Text = "instances solved"
	cactus.Y.Label.Text = "time per instance (s)"
	cactus.Y.Scale = plot.LogScale{}
	cactus.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	cactus.Legend.Top = true
	cactus.Legend.Left = true
	any := false
	for ci, cf := range configs {
		var ts []time.Duration
		for _, r := range results {
			if r.config == ci && r.solved {
				ts = append(ts, r.time)
			}
		}
		if len(ts) == 0 {
			continue
		}
		slices.Sort(ts)
		pts := make(plotter.XYs, len(ts))
		for i, t := range ts {
			pts[i] = plotter.XY{X: float64(i + 1), Y: logTime(t)}
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.Color = plotutil.Color(ci)
		line.Width = vg.Points(1.5)
		cactus.Add(line)
		cactus.Legend.Add(cf, line)
		any = true
	}
	if !any {
		// A log axis needs a positive range: say there is nothing.
		cactus.Y.Scale, cactus.Y.Tick.Marker = plot.LinearScale{}, plot.DefaultTicks{}
		cactus.Title.Text += " (none solved)"
	}

	// Per-propagator breakdown: the kinds, in order of first appearance.
	var kinds []string
	runs := map[[2]int]float64{} // (config, kind) -> runs
	for _, r := range results {
		for _, k := range r.kinds {
			i := slices.Index(kinds, k.kind)
			if i < 0 {
				i = len(kinds)
				kinds = append(kinds, k.kind)
			}
			runs[[2]int{r.config, i}] += k.runs
		}
	}
	breakdown := plot.New()
	breakdown.Title.Text = "Propagator runs by kind (bars start at zero, so the axis is linear)"
	breakdown.Y.Label.Text = "runs, all instances"
	breakdown.Legend.Top = true
	breakdown.Legend.Left = true
	if len(kinds) > 0 {
		width := vg.Points(max(4, 40/float64(len(configs))))
		for ci, cf := range configs {
			vals := make(plotter.Values, len(kinds))
			for k := range kinds {
				vals[k] = runs[[2]int{ci, k}]
			}
			bars, err := plotter.NewBarChart(vals, width)
			if err != nil {
				return err
			}
			bars.Color = plotutil.Color(ci)
			bars.LineStyle.Width = 0
			bars.Offset = width * vg.Length(float64(ci)-float64(len(configs)-1)/2)
			breakdown.Add(bars)
			breakdown.Legend.Add(cf, bars)
		}
		breakdown.NominalX(kinds...)
		breakdown.X.Tick.Label.Rotation = 0.4
		breakdown.X.Tick.Label.XAlign = draw.XRight
	}

	img := vgsvg.New(vg.Points(720), vg.Points(900))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(8), PadBottom: vg.Points(8),
		PadLeft: vg.Points(8), PadRight: vg.Points(8), PadY: vg.Points(16)}
	plots := [][]*plot.Plot{{cactus}, {breakdown}}
	canvases := plot.Align(plots, tiles, dc)
	cactus.Draw(canvases[0][0])
	breakdown.Draw(canvases[1][0])
	if _, err := img.WriteTo(w); err != nil {
		return fmt.Errorf("writing the plot: %w", err)
	}
	return nil
}

// logTime maps a duration to seconds for the plots' log axes (a floor
// keeps instant runs on the chart).
func logTime(d time.Duration) float64 { return math.Max(d.Seconds(), 1e-6) }
