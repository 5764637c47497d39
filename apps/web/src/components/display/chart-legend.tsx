/**
 * The words of a chart's legend (recharts' `<Legend formatter={legendWords} />`), in the page's text colour: in the
 * series' own colours the amber and the sky read too faint for text (axe's color-contrast, 4.5:1); the swatch beside
 * each word keeps its series' colour. Every chart of the admin area uses it (the dashboard's, the simulator's).
 */
export const legendWords = (name: string) => <span className="text-slate-700">{name}</span>;
