import { deflateSync } from 'node:zlib';

/**
 * Hand-made PDFs for the bank-statement check, written byte by byte: a real generator would
 * never produce the tricks an attacker uses, and nothing binary is committed.
 */

type Body = string | Buffer;
/** An indirect object: its number and what goes between `N 0 obj` and `endobj`. */
export type PdfObject = [number, Body];

export interface Revision {
  objects: PdfObject[];
  /** Objects packed in an object stream of this revision: [number, stream number, index]. */
  compressed?: Array<[number, number, number]>;
  /** A classic `xref` table (default), or an xref stream with this object number. */
  xrefStream?: number;
  /** Extra trailer (or xref stream dictionary) entries, e.g. `/Encrypt 9 0 R`. */
  trailer?: string;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A stream object's body; `between` goes between the dictionary and `stream`. */
export function stream(dict: string, data: Body, between = ''): Buffer {
  const bytes = typeof data === 'string' ? latin1(data) : data;
  return Buffer.concat([
    latin1(`<< ${dict} /Length ${bytes.length} >>${between}\nstream\n`),
    bytes,
    latin1('\nendstream'),
  ]);
}

/**
 * A Flate-compressed object stream holding `objects`; `dictExtra` is written after /First
 * (e.g. `/Note (obj)`), `between` between the dictionary and `stream` (e.g. a comment).
 */
export function objectStream(
  objects: Array<[number, string]>,
  options: { dictExtra?: string; between?: string; type?: boolean } = {},
): Buffer {
  let header = '';
  let data = '';
  for (const [num, body] of objects) {
    header += `${num} ${data.length} `;
    data += `${body}\n`;
  }
  const type = options.type === false ? '' : '/Type /ObjStm ';
  return stream(
    `${type}/N ${objects.length} /First ${header.length} ${options.dictExtra ?? ''} /Filter /FlateDecode`,
    deflateSync(latin1(header + data)),
    options.between,
  );
}

function xrefStreamBody(entries: Array<[number, number, number, number]>, dict: string): Buffer {
  const rows = Buffer.alloc(entries.length * 7);
  entries.forEach(([, type, field2, field3], i) => {
    rows.writeUInt8(type, i * 7);
    rows.writeUInt32BE(field2, i * 7 + 1);
    rows.writeUInt16BE(field3, i * 7 + 5);
  });
  const index = entries.map(([num]) => `${num} 1`).join(' ');
  return stream(
    `/Type /XRef /W [1 4 2] /Index [${index}] ${dict} /Filter /FlateDecode`,
    deflateSync(rows),
  );
}

/**
 * A PDF file: the first revision and any incremental updates appended after it, each with
 * its own cross-reference section pointing back (/Prev) to the previous one.
 */
export function pdfFile(revisions: Revision[], header = '%PDF-1.7'): Buffer {
  const parts: Buffer[] = [latin1(`${header}\n%\xe2\xe3\xcf\xd3\n`)];
  let size = 0;
  let prev: number | undefined;
  const length = () => parts.reduce((n, p) => n + p.length, 0);
  for (const [r, revision] of revisions.entries()) {
    const entries: Array<[number, number, number, number]> = r === 0 ? [[0, 0, 0, 65535]] : [];
    for (const [num, body] of revision.objects) {
      entries.push([num, 1, length(), 0]);
      parts.push(latin1(`${num} 0 obj\n`), typeof body === 'string' ? latin1(body) : body);
      parts.push(latin1('\nendobj\n'));
    }
    for (const [num, container, index] of revision.compressed ?? []) {
      entries.push([num, 2, container, index]);
    }
    const nums = entries.map(([num]) => num).concat(revision.xrefStream ?? 0);
    size = Math.max(size, ...nums.map((n) => n + 1));
    const dict = `/Size ${size} /Root 1 0 R ${revision.trailer ?? ''}${prev === undefined ? '' : ` /Prev ${prev}`}`;
    const at = length();
    if (revision.xrefStream !== undefined) {
      entries.push([revision.xrefStream, 1, at, 0]);
      parts.push(
        latin1(`${revision.xrefStream} 0 obj\n`),
        xrefStreamBody(entries, dict),
        latin1('\nendobj\n'),
      );
    } else {
      let table = 'xref\n';
      for (const [num, type, offset, gen] of entries) {
        table += `${num} 1\n${String(type === 0 ? 0 : offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} ${type === 0 ? 'f' : 'n'} \n`;
      }
      parts.push(latin1(`${table}trailer\n<< ${dict} >>\n`));
    }
    parts.push(latin1(`startxref\n${at}\n%%EOF\n`));
    prev = at;
  }
  return Buffer.concat(parts);
}

const CONTENT = 'BT /F1 12 Tf 72 720 Td (Statement of account: 1 Apr - 30 Sep) Tj ET';

/**
 * The objects of a plain one-page statement (1 catalog, 2 pages, 3 page, 4 content), with
 * extra entries for the catalog and the page, and the content stream's data.
 */
export function statement(
  options: { catalog?: string; page?: string; content?: string } = {},
): PdfObject[] {
  return [
    [1, `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> ${options.page ?? ''} >>`,
    ],
    [4, stream('', options.content ?? CONTENT)],
  ];
}

/** A statement whose catalog's /OpenAction runs object 6, a script packed in an object stream. */
export function scriptInObjectStream(options: Parameters<typeof objectStream>[1]): Buffer {
  return pdfFile([
    {
      objects: [
        ...statement({ catalog: '/OpenAction 6 0 R' }),
        [5, objectStream([[6, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>']], options)],
      ],
      compressed: [[6, 5, 0]],
      xrefStream: 7,
    },
  ]);
}
