// The Reports page's charts, hand-written SVG (no chart library): bars, stacked bars, grouped bars and a line with a
// min/max band. Each is one `role="img"` with an aria-label and a <title> that say what it shows, and a visually
// hidden table of the same numbers for screen readers. The SVG scales to its card's width through its viewBox.
import type { ChartSpec } from "./chart-data";
import { niceMax } from "./chart-data";

const WIDTH = 640;
const HEIGHT = 240;
const M = { left: 48, right: 12, top: 12, bottom: 44 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;
const COLORS = ["#2563eb", "#f59e0b", "#94a3b8", "#dc2626", "#16a34a", "#7c3aed"];

const fmt = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2));

/** a value axis from `low` to `high` with five gridlines; y(value) maps into the plot */
function axis(low: number, high: number) {
  const span = high - low || 1;
  const y = (value: number) => M.top + PLOT_H - ((value - low) / span) * PLOT_H;
  const ticks = Array.from({ length: 5 }, (_, i) => low + (span * i) / 4);
  return { y, ticks };
}

function Frame({ spec, label, children, ticks, y }: { spec: ChartSpec; label: string; children: React.ReactNode; ticks: number[]; y: (v: number) => number }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full" data-chart={spec.kind}>
      <title>{label}</title>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
          <text x={M.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#64748b">
            {fmt(tick)}
          </text>
        </g>
      ))}
      <text x={4} y={M.top + 4} fontSize="11" fill="#64748b">
        {spec.unit}
      </text>
      {children}
    </svg>
  );
}

/** x labels under the slots; thinned so they never overlap */
function XLabels({ labels, slot }: { labels: string[]; slot: number }) {
  const every = Math.max(1, Math.ceil(labels.length / Math.floor(PLOT_W / 70)));
  return (
    <>
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={`${label}-${i}`} x={M.left + slot * (i + 0.5)} y={HEIGHT - M.bottom + 16} textAnchor="middle" fontSize="11" fill="#475569">
            {label.length > 14 ? `${label.slice(0, 13)}…` : label}
          </text>
        ) : null,
      )}
    </>
  );
}

function Legend({ names }: { names: string[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
      {names.map((name, i) => (
        <li key={name} className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ background: COLORS[i % COLORS.length] }} />
          {name}
        </li>
      ))}
    </ul>
  );
}

function describe(spec: ChartSpec): string {
  switch (spec.kind) {
    case "bars":
      return `${spec.title} (${spec.unit}): ${spec.bars.map((bar) => `${bar.label} ${fmt(bar.value)}`).join(", ")}`;
    case "stacked":
    case "grouped":
      return `${spec.title} (${spec.unit}, ${spec.series.join(" / ")}): ${spec.bars.map((bar) => `${bar.label} ${bar.values.map(fmt).join(" / ")}`).join(", ")}`;
    case "band":
      return `${spec.title} (${spec.unit}): ${spec.series.map((s) => `${s.name}: ${s.points.map((p) => `${p.label} ${fmt(p.avg)} (${fmt(p.min)}–${fmt(p.max)})`).join(", ")}`).join("; ")}`;
  }
}

export function ReportChart({ spec }: { spec: ChartSpec }) {
  const label = describe(spec);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="report-chart">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{spec.title}</figcaption>
      {spec.kind === "bars" ? <Bars spec={spec} label={label} /> : null}
      {spec.kind === "stacked" ? <Stacked spec={spec} label={label} /> : null}
      {spec.kind === "grouped" ? <Grouped spec={spec} label={label} /> : null}
      {spec.kind === "band" ? <Band spec={spec} label={label} /> : null}
      {spec.kind === "stacked" || spec.kind === "grouped" ? <Legend names={spec.series} /> : null}
      {spec.kind === "band" ? <Legend names={spec.series.map((s) => s.name)} /> : null}
    </figure>
  );
}

function Bars({ spec, label }: { spec: Extract<ChartSpec, { kind: "bars" }>; label: string }) {
  const { y, ticks } = axis(0, niceMax(Math.max(...spec.bars.map((bar) => bar.value))));
  const slot = PLOT_W / spec.bars.length;
  return (
    <Frame spec={spec} label={label} ticks={ticks} y={y}>
      {spec.bars.map((bar, i) => (
        <rect key={bar.label} data-bar data-value={bar.value} x={M.left + slot * i + slot * 0.15} width={slot * 0.7} y={y(bar.value)} height={Math.max(0, y(0) - y(bar.value))} fill={COLORS[0]}>
          <title>{`${bar.label}: ${fmt(bar.value)} ${spec.unit}`}</title>
        </rect>
      ))}
      <XLabels labels={spec.bars.map((bar) => bar.label)} slot={slot} />
    </Frame>
  );
}

function Stacked({ spec, label }: { spec: Extract<ChartSpec, { kind: "stacked" }>; label: string }) {
  const { y, ticks } = axis(0, niceMax(Math.max(...spec.bars.map((bar) => bar.values.reduce((a, b) => a + b, 0)))));
  const slot = PLOT_W / spec.bars.length;
  return (
    <Frame spec={spec} label={label} ticks={ticks} y={y}>
      {spec.bars.map((bar, i) => {
        let base = 0;
        return (
          <g key={bar.label}>
            {bar.values.map((value, s) => {
              const top = base + value;
              const rect = (
                <rect key={s} data-bar data-value={value} x={M.left + slot * i + slot * 0.15} width={slot * 0.7} y={y(top)} height={Math.max(0, y(base) - y(top))} fill={COLORS[s % COLORS.length]}>
                  <title>{`${bar.label} · ${spec.series[s]}: ${fmt(value)} ${spec.unit}`}</title>
                </rect>
              );
              base = top;
              return rect;
            })}
          </g>
        );
      })}
      <XLabels labels={spec.bars.map((bar) => bar.label)} slot={slot} />
    </Frame>
  );
}

function Grouped({ spec, label }: { spec: Extract<ChartSpec, { kind: "grouped" }>; label: string }) {
  const values = spec.bars.flatMap((bar) => bar.values);
  const low = Math.min(0, -niceMax(-Math.min(...values)));
  const { y, ticks } = axis(low, niceMax(Math.max(...values)));
  const slot = PLOT_W / spec.bars.length;
  const width = (slot * 0.8) / spec.series.length;
  return (
    <Frame spec={spec} label={label} ticks={ticks} y={y}>
      {spec.bars.map((bar, i) =>
        bar.values.map((value, s) => (
          <rect key={`${bar.label}-${s}`} data-bar data-value={value} x={M.left + slot * i + slot * 0.1 + width * s} width={width} y={Math.min(y(value), y(0))} height={Math.abs(y(0) - y(value))} fill={COLORS[s % COLORS.length]}>
            <title>{`${bar.label} · ${spec.series[s]}: ${fmt(value)} ${spec.unit}`}</title>
          </rect>
        )),
      )}
      <XLabels labels={spec.bars.map((bar) => bar.label)} slot={slot} />
    </Frame>
  );
}

function Band({ spec, label }: { spec: Extract<ChartSpec, { kind: "band" }>; label: string }) {
  const labels = [...new Set(spec.series.flatMap((s) => s.points.map((p) => p.label)))].sort();
  const mins = spec.series.flatMap((s) => s.points.map((p) => p.min));
  const maxes = spec.series.flatMap((s) => s.points.map((p) => p.max));
  const low = Math.min(0, -niceMax(-Math.min(...mins)));
  const { y, ticks } = axis(low, niceMax(Math.max(...maxes)));
  const slot = PLOT_W / labels.length;
  const x = (day: string) => M.left + slot * (labels.indexOf(day) + 0.5);
  return (
    <Frame spec={spec} label={label} ticks={ticks} y={y}>
      {spec.series.map((series, s) => {
        const color = COLORS[s % COLORS.length];
        const upper = series.points.map((p) => `${x(p.label)},${y(p.max)}`);
        const lower = [...series.points].reverse().map((p) => `${x(p.label)},${y(p.min)}`);
        return (
          <g key={series.name}>
            <polygon points={[...upper, ...lower].join(" ")} fill={color} fillOpacity={0.15} />
            <polyline points={series.points.map((p) => `${x(p.label)},${y(p.avg)}`).join(" ")} fill="none" stroke={color} strokeWidth={2} />
            {series.points.map((p) => (
              <circle key={p.label} data-point cx={x(p.label)} cy={y(p.avg)} r={3} fill={color}>
                <title>{`${series.name} ${p.label}: average ${fmt(p.avg)}, ${fmt(p.min)} to ${fmt(p.max)} ${spec.unit}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
      <XLabels labels={labels} slot={slot} />
    </Frame>
  );
}
