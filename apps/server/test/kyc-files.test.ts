import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { checkPdf } from '../src/kyc/pdf.ts';
import {
  EXIF_MARKER,
  hugePng,
  jpegWithExif,
  kycFormData,
  pdf,
  pdfWithObjectStream,
  png,
  submitKyc,
  validParts,
} from '../../../test/support/kyc-fixtures.ts';

const MB = 1024 * 1024;

// File checks do not depend on the database: one driver is enough here.
describe('KYC files are judged by their bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  const storedFiles = async () => {
    const root = path.join(t.dataDir, 'documents');
    const users = await readdir(root).catch(() => []);
    return (
      await Promise.all(
        users.map(async (u) => (await readdir(path.join(root, u))).map((f) => `${u}/${f}`)),
      )
    ).flat();
  };

  it('refuses a PNG named .pdf, a PDF sent as image/jpeg, a text file named .jpg and an SVG', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData(
        {
          ...parts,
          bankStatement: await png(),
          aadharFront: pdf(),
          aadharBack: Buffer.from('just some text, not a picture\n'),
          panFront: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        },
        {
          bankStatement: ['statement.pdf', 'application/pdf'],
          aadharFront: ['front.jpg', 'image/jpeg'],
          aadharBack: ['back.jpg', 'image/jpeg'],
          panFront: ['pan.svg', 'image/svg+xml'],
        },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      aadharFront: 'Aadhar front image must be a JPEG, PNG or WebP image',
      aadharBack: 'Aadhar back image must be a JPEG, PNG or WebP image',
      panFront: 'PAN card image must be a JPEG, PNG or WebP image',
      bankStatement: 'Bank statement must be a PDF file',
    });
    expect(res.json().error.message.split('\n')).toHaveLength(4);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a JPEG over 5 MB and a 20000×20000 PNG without decoding it', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const bigJpeg = Buffer.concat([await jpegWithExif(), Buffer.alloc(5 * MB)]);
    const started = Date.now();
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...parts, aadharFront: bigJpeg, selfie: hugePng() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      aadharFront: 'Aadhar front image must be at most 5 MB',
      selfie: 'Selfie is too large. Please use a picture of at most 40 megapixels.',
    });
    // 400 megapixels decoded would take seconds and gigabytes; refusing from the header does not.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a file over the 10 MB upload limit with 413 and the field', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const huge = Buffer.concat([pdf(), Buffer.alloc(10 * MB + 1)]);
    const res = await submitKyc(t.app, u.cookie, kycFormData({ ...parts, bankStatement: huge }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'payload_too_large',
      message: messages.kyc.pdfTooLarge,
      fields: { bankStatement: messages.kyc.pdfTooLarge },
    });
    const img = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...parts, selfie: Buffer.concat([await png(), Buffer.alloc(11 * MB)]) }),
    );
    expect(img.statusCode).toBe(413);
    expect(img.json().error.fields).toEqual({ selfie: 'Selfie must be at most 5 MB' });
    // The server is still fine afterwards.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses more than five files, unknown file fields and a repeated file', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const six = kycFormData(parts);
    six.append('extra', new Blob([new Uint8Array(await png())]), 'x.png');
    const tooMany = await submitKyc(t.app, u.cookie, six);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe(messages.kyc.tooManyParts);

    const unknown = kycFormData({ ...parts, selfie: undefined });
    unknown.append('avatar', new Blob([new Uint8Array(await png())]), 'avatar.png');
    const r1 = await submitKyc(t.app, u.cookie, unknown);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.fields).toEqual({
      selfie: 'Selfie is required',
      avatar: messages.kyc.unexpectedFile,
    });

    const twice = kycFormData({ ...parts, selfie: undefined, aadharBack: undefined });
    twice.append('aadharFront', new Blob([new Uint8Array(await png())]), 'again.png');
    const r2 = await submitKyc(t.app, u.cookie, twice);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.fields).toMatchObject({ aadharFront: messages.kyc.duplicateFile });
  });

  it('stores re-encoded JPEGs with no EXIF, upright and at most 2000 px, under random names', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    expect(parts.aadharFront.includes(EXIF_MARKER)).toBe(true);
    expect((await sharp(parts.aadharFront).metadata()).orientation).toBe(6);
    const wide = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData(
        { ...parts, aadharBack: wide },
        // A hostile file name changes nothing: the server never uses it.
        {
          aadharFront: ['../../../../etc/passwd.jpg', 'image/jpeg'],
          aadharBack: ['..\\..\\win.ini', 'image/png'],
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = (
      await t.app.db.query<Record<string, string>>('SELECT * FROM users WHERE id = $1', [u.id])
    )[0]!;
    expect(JSON.stringify(row)).not.toMatch(/passwd|win\.ini/);

    const front = await readFile(path.join(t.dataDir, 'documents', row.kyc_front_url!));
    expect(front.includes(EXIF_MARKER)).toBe(false);
    expect(front.includes('Exif\0\0')).toBe(false);
    const meta = await sharp(front).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The 800×600 original carried orientation 6 (rotate 90°): stored upright as 600×800.
    expect([meta.width, meta.height]).toEqual([600, 800]);

    const back = await sharp(
      await readFile(path.join(t.dataDir, 'documents', row.kyc_back_url!)),
    ).metadata();
    expect([back.format, back.width, back.height]).toEqual(['jpeg', 2000, 667]);

    // Every stored file sits under the user's folder with a random name, owner-only permissions.
    const files = (await storedFiles()).filter((f) => f.startsWith(u.id));
    expect(files).toHaveLength(5);
    for (const f of files) {
      expect(f).toMatch(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|pdf)$/);
      const { statSync } = await import('node:fs');
      expect(statSync(path.join(t.dataDir, 'documents', f)).mode & 0o777).toBe(0o600);
    }
    const { statSync } = await import('node:fs');
    expect(statSync(path.join(t.dataDir, 'documents')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(t.dataDir, 'documents', u.id)).mode & 0o777).toBe(0o700);
  });

  it('refuses PDFs with JavaScript, launch actions or embedded files, and accepts a clean one', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const js = pdf({ catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' });
    const res = await submitKyc(t.app, u.cookie, kycFormData({ ...parts, bankStatement: js }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ bankStatement: messages.kyc.pdfActiveContent });

    const ok = await submitKyc(t.app, u.cookie, kycFormData({ ...parts, bankStatement: pdf() }));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('bank statement PDF scan', () => {
  const refused = { ok: false, message: messages.kyc.pdfActiveContent };
  const cases: Array<[string, Buffer]> = [
    ['/JavaScript in the catalog', pdf({ catalogExtra: '/Names << /JavaScript 5 0 R >>' })],
    ['/JS action', pdf({ catalogExtra: '/OpenAction << /S /JavaScript /JS 5 0 R >>' })],
    ['/Launch action', pdf({ catalogExtra: '/OpenAction << /S /Launch /F (cmd.exe) >>' })],
    [
      '/EmbeddedFile stream',
      pdf({ objects: ['<< /Type /EmbeddedFile /Length 5 >>\nstream\nMZ\x90\x00\x03\nendstream'] }),
    ],
    [
      '/EmbeddedFiles name tree',
      pdf({ catalogExtra: '/Names << /EmbeddedFiles << /Names [] >> >>' }),
    ],
    ['/AA additional actions', pdf({ catalogExtra: '/AA << /O 5 0 R >>' })],
    ['/RichMedia annotation', pdf({ objects: ['<< /Type /Annot /Subtype /RichMedia >>'] })],
    ['/XFA form', pdf({ catalogExtra: '/AcroForm << /XFA 5 0 R >>' })],
    ['/SubmitForm action', pdf({ objects: ['<< /S /SubmitForm /F (https://evil.example) >>'] })],
    ['a #-escaped name (/J#61vaScript)', pdf({ catalogExtra: '/Names << /J#61vaScript 5 0 R >>' })],
    ['JavaScript hidden in a compressed object stream', pdfWithObjectStream(true)],
  ];
  it.each(cases)('refuses %s', async (_name, file) => {
    expect(await checkPdf(file)).toEqual(refused);
  });

  it('accepts a clean PDF, one with a page-jump OpenAction and links, and a clean object stream', async () => {
    for (const file of [
      pdf(),
      pdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' }),
      pdf({
        objects: ['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://bank.example) >> >>'],
      }),
      pdfWithObjectStream(false),
    ]) {
      const result = await checkPdf(file);
      expect(result.ok).toBe(true);
    }
  });

  it('refuses encrypted PDFs and object streams it cannot decode', async () => {
    expect(await checkPdf(pdf({ catalogExtra: '/Encrypt 9 0 R' }))).toEqual({
      ok: false,
      message: messages.kyc.pdfEncrypted,
    });
    const lzw = pdf({
      objects: [
        '<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream',
      ],
    });
    expect(await checkPdf(lzw)).toEqual({ ok: false, message: messages.kyc.pdfUnreadable });
    const corrupt = pdf({
      objects: [
        '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 3 >>\nstream\nabc\nendstream',
      ],
    });
    expect(await checkPdf(corrupt)).toEqual({ ok: false, message: messages.kyc.pdfUnreadable });
  });

  it('does not mistake short names inside binary stream data for actions', async () => {
    const binary = pdf({
      objects: ['<< /Length 12 /Filter /DCTDecode >>\nstream\n\xff\xd8/JS /AA \xff\xd9\nendstream'],
    });
    expect((await checkPdf(binary)).ok).toBe(true);
  });
});
