/** Reads a CSV body (RFC 4180: quoted fields, doubled quotes, a byte-order mark) into records keyed by the header. */
export function parseCsv(body: string): Array<Record<string, string>> {
  const text = body.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === ',') {
      endField();
    } else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') {
      field += c;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  const [header, ...records] = rows;
  return records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}
