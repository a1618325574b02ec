import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { checkPdf } from '../src/kyc/pdf.ts';
import {
  objectStream,
  pdfFile,
  scriptInObjectStream,
  statement,
  stream,
  type PdfObject,
} from './hostile-pdfs.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';

const refused = (message: string) => ({ ok: false, message });
const one = (objects: PdfObject[], trailer?: string) => pdfFile([{ objects, trailer }]);
const JS = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

describe('bank statement PDFs are parsed, and active content refused', () => {
  const active: Array<[string, Buffer]> = [
    [
      'JavaScript run by /OpenAction',
      one([...statement({ catalog: '/OpenAction 5 0 R' }), [5, JS]]),
    ],
    [
      'a /Launch action',
      one(statement({ catalog: '/OpenAction << /S /Launch /Win << /F (cmd.exe) >> >>' })),
    ],
    [
      'additional actions (/AA) on a page, even a harmless-looking one',
      one([...statement({ page: '/AA << /O 5 0 R >>' }), [5, '<< /S /GoTo /D [3 0 R /Fit] >>']]),
    ],
    [
      'JavaScript in an object stream whose dictionary holds /Note (obj)',
      scriptInObjectStream({ dictExtra: '/Note (obj)' }),
    ],
    [
      'JavaScript in an object stream after a %obj comment',
      scriptInObjectStream({ between: ' %obj' }),
    ],
    ['JavaScript in an object stream with no /Type', scriptInObjectStream({ type: false })],
    [
      'a script named only with #-escapes (/S /J#61vaScript /#4a#53, lower-case hex)',
      one(statement({ catalog: '/OpenAction << /S /J#61vaScript /#4a#53 (app.alert\\(1\\)) >>' })),
    ],
    [
      'JavaScript added by an incremental update',
      pdfFile([
        { objects: statement() },
        {
          objects: [
            [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>'],
            [5, JS],
          ],
        },
      ]),
    ],
    [
      'JavaScript left in an earlier revision that a later one replaced',
      pdfFile([
        { objects: [...statement({ catalog: '/OpenAction 5 0 R' }), [5, JS]] },
        { objects: [[5, '<< /S /GoTo /D [3 0 R /Fit] >>']] },
      ]),
    ],
    [
      'an incremental update packing its script in an object stream behind %obj',
      pdfFile([
        { objects: statement() },
        {
          objects: [
            [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>'],
            [5, objectStream([[6, JS]], { between: '%obj' })],
          ],
          compressed: [[6, 5, 0]],
          xrefStream: 7,
        },
      ]),
    ],
    [
      'an embedded file',
      one([
        ...statement({ catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>' }),
        [5, '<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>'],
        [6, stream('/Type /EmbeddedFile', 'MZ\x90\x00')],
      ]),
    ],
    [
      'a file attachment annotation',
      one([
        ...statement({ page: '/Annots [5 0 R]' }),
        [5, '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS (a.exe) >>'],
      ]),
    ],
    [
      'an XFA form in the AcroForm',
      one([
        ...statement({ catalog: '/AcroForm << /Fields [] /XFA 5 0 R >>' }),
        [5, stream('', '<xdp:xdp><script>app.alert(1)</script></xdp:xdp>')],
      ]),
    ],
    [
      'a RichMedia annotation',
      one([
        ...statement({ page: '/Annots [5 0 R]' }),
        [5, '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>'],
      ]),
    ],
    [
      'an object an xref entry finds inside another stream’s data',
      one([
        ...statement({
          catalog: '/OpenAction 5 0 R',
          content: `BT (x) Tj ET\n5 0 obj\n<< /S /Launch /F (calc.exe) >>\nendobj\n`,
        }),
      ]),
    ],
    [
      'a repeated key (/S /Launch /S /GoTo: the parsed dictionary keeps only the last)',
      one(statement({ catalog: '/OpenAction << /S /Launch /F (calc.exe) /S /GoTo >>' })),
    ],
    [
      'an /OpenAction that opens a web page',
      one(statement({ catalog: '/OpenAction << /S /URI /URI (https://evil.example/ping) >>' })),
    ],
    [
      'a javascript: link',
      one([
        ...statement({ page: '/Annots [5 0 R]' }),
        [5, '<< /Type /Annot /Subtype /Link /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>'],
      ]),
    ],
  ];
  it.each(active)('refuses %s', async (_name, file) => {
    expect(await checkPdf(file)).toEqual(refused(messages.kyc.pdfActiveContent));
  });

  it('refuses encrypted PDFs, with a trailer or an xref stream carrying /Encrypt', async () => {
    const encrypt: PdfObject = [
      9,
      '<< /Filter /Standard /V 1 /R 2 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /P -4 >>',
    ];
    for (const file of [
      one([...statement(), encrypt], '/Encrypt 9 0 R /ID [<01> <01>]'),
      pdfFile([{ objects: [...statement(), encrypt], xrefStream: 10, trailer: '/Encrypt 9 0 R' }]),
    ]) {
      expect(await checkPdf(file)).toEqual(refused(messages.kyc.pdfEncrypted));
    }
  });

  it('refuses files that start with %PDF- but do not parse, and a zip bomb', async () => {
    const noise = Buffer.concat(
      Array.from({ length: 64 }, (_, i) => createHash('sha256').update(String(i)).digest()),
    );
    const bomb = deflateSync(Buffer.alloc(100 * 1024 * 1024));
    for (const file of [
      Buffer.concat([Buffer.from('%PDF-1.7\n'), noise]),
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction (\n'),
      // Well-formed objects, but no catalog: no reader can show it.
      pdfFile([{ objects: statement().slice(1) }]),
      one([...statement(), [5, stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb)]]),
    ]) {
      expect(await checkPdf(file)).toEqual(refused(messages.kyc.pdfUnreadable));
    }
  });

  it('accepts statements that only mention JavaScript or /JS in text, strings and comments', async () => {
    const file = pdfFile([
      {
        objects: [
          ...statement({
            content: 'BT /F1 12 Tf 72 700 Td (Card payment /JS JavaScript Ltd /Launch) Tj ET',
            page: '/Annots [5 0 R]',
          }),
          [
            5,
            '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://bank.example/help?q=/JavaScript) >> >>',
          ],
          // A comment and a document title that talk about the blocked names.
          [6, '% no /JavaScript, /JS or /OpenAction here\n<< /Title (How /JS and /AA work) >>'],
        ],
        trailer: '/Info 6 0 R',
      },
    ]);
    expect(file.includes('/JavaScript')).toBe(true);
    expect(await checkPdf(file)).toEqual({ ok: true, data: file });
  });

  it('accepts a statement packed in an object stream with an xref stream, and page jumps', async () => {
    const packed = pdfFile([
      {
        objects: [
          [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>'],
          [4, stream('/Filter /FlateDecode', deflateSync(Buffer.from('BT (Balance) Tj ET')))],
          [
            5,
            objectStream([
              [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
              [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'],
              [6, '<< /S /GoTo /D [3 0 R /FitH 792] >>'],
            ]),
          ],
        ],
        compressed: [
          [2, 5, 0],
          [3, 5, 1],
          [6, 5, 2],
        ],
        xrefStream: 7,
      },
    ]);
    const jump = one(statement({ catalog: '/OpenAction [3 0 R /Fit]' }));
    for (const file of [packed, jump]) expect((await checkPdf(file)).ok).toBe(true);
  });
});

describe.each(availableDrivers())('a hostile bank statement over HTTP on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('is refused with 400 and the active-content message, and nothing is stored', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const hostile = scriptInObjectStream({ dictExtra: '/Note (obj)' });
    const res = await submitKyc(t.app, u.cookie, kycFormData({ ...parts, bankStatement: hostile }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: messages.kyc.pdfActiveContent,
      fields: { bankStatement: messages.kyc.pdfActiveContent },
    });
    const stored = await readdir(path.join(t.dataDir, 'documents', u.id)).catch(() => []);
    expect(stored).toEqual([]);
    const [row] = await t.app.db.query<{ kyc_status: string; bank_statement_url: string | null }>(
      'SELECT kyc_status, bank_statement_url FROM users WHERE id = $1',
      [u.id],
    );
    expect(row).toEqual({ kyc_status: 'pending', bank_statement_url: null });
  });
});
