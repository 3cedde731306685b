// A driver's score over the periods before the shown one and in it: a small line (gaps where they did not drive),
// the shown period's point filled, and an arrow with the change from the period before.

const WIDTH = 72;
const HEIGHT = 20;

export function TrendSparkline({ scores, label }: { scores: (number | null)[]; label: string }) {
  const step = scores.length > 1 ? WIDTH / (scores.length - 1) : 0;
  const y = (score: number) => 2 + ((100 - score) / 100) * (HEIGHT - 4);
  // a path broken at periods without driving
  let path = "";
  let drawing = false;
  scores.forEach((score, i) => {
    if (score === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${(i * step).toFixed(1)},${y(score).toFixed(1)}`;
    drawing = true;
  });
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`-2 0 ${WIDTH + 4} ${HEIGHT}`} role="img" aria-label={label} className="shrink-0">
      {/* the score-0 floor, so a lone point still reads as a chart */}
      <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} strokeWidth={1} className="stroke-slate-200" />
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} className="text-slate-400" />
      {scores.map((score, i) =>
        score === null ? null : (
          <circle key={i} cx={i * step} cy={y(score)} r={i === scores.length - 1 ? 2.5 : 1.5} className={i === scores.length - 1 ? "fill-blue-600" : "fill-slate-400"} />
        ),
      )}
    </svg>
  );
}

/** ▲ 5 / ▼ 3 / = against the period before; a dash when either period had no driving */
export function ChangeArrow({ change }: { change: number | null }) {
  if (change === null) return <span className="text-xs text-slate-400" aria-label="No score the period before">–</span>;
  if (change === 0) return <span className="text-xs text-slate-500" aria-label="No change from the period before">=</span>;
  const up = change > 0;
  return (
    <span
      className={`whitespace-nowrap text-xs font-medium ${up ? "text-green-700" : "text-red-700"}`}
      aria-label={`${up ? "Up" : "Down"} ${Math.abs(change)} from the period before`}
    >
      {up ? "▲" : "▼"} {Math.abs(change)}
    </span>
  );
}
