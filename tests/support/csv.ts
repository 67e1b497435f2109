// A strict RFC 4180 reader: quoted fields may hold commas, quotes (doubled) and line breaks; every
// record ends with CRLF; anything else (a stray quote, a bare LF) fails the test.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ",") {
      i++;
    } else if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 5))}`);
    }
  }
  if (row.length) throw new Error("the last record does not end with CRLF");
  return rows;
}
