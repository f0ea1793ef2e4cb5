export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </div>
  );
}

/** A row of figures, each a label and its formatted value, in the order given. */
export function StatRow({ stats }: { stats: Record<string, string> }) {
  return (
    <div className="stat-row">
      {Object.entries(stats).map(([label, value]) => (
        <Stat key={label} label={label} value={value} />
      ))}
    </div>
  );
}
