/**
 * RFC 4180 CSV → rows keyed by the header line. Handles quoted fields with commas, doubled
 * quotes and line breaks, CRLF or LF line ends, a UTF-8 byte-order mark, and a missing final
 * newline. Values stay strings (the exports mix numbers, names and formatted times).
 * @throws Error when a quoted field is not closed.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records = parseRecords(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const header = records.shift();
  if (!header) return [];
  return records
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ''])));
}

function parseRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) throw new Error('parseCsv: unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
