import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { fileContentProblem, sniffSignature } from './file-signature.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n%');
const TEXT = bytes('hello, this is not a picture');

describe('sniffSignature', () => {
  it('names JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(sniffSignature(JPEG)).toBe('jpeg');
    expect(sniffSignature(PNG)).toBe('png');
    expect(sniffSignature(WEBP)).toBe('webp');
    expect(sniffSignature(PDF)).toBe('pdf');
  });

  it('names nothing else: text, a RIFF that is not WebP, a cut-short header, empty', () => {
    expect(sniffSignature(TEXT)).toBeNull();
    expect(sniffSignature(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffSignature(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffSignature(bytes('%PDF'))).toBeNull();
    expect(sniffSignature(bytes(' %PDF-1.7'))).toBeNull();
    expect(sniffSignature(new Uint8Array())).toBeNull();
  });
});

describe('fileContentProblem', () => {
  const file = (content: Uint8Array, name: string, type: string) =>
    new File([content as BlobPart], name, { type });

  it('takes a real image for an image slot and a real PDF for the statement', async () => {
    expect(await fileContentProblem('aadharFront', file(JPEG, 'a.jpg', 'image/jpeg'))).toBe('');
    expect(await fileContentProblem('panFront', file(PNG, 'p.png', 'image/png'))).toBe('');
    expect(await fileContentProblem('aadharBack', file(WEBP, 'b.webp', 'image/webp'))).toBe('');
    expect(await fileContentProblem('bankStatement', file(PDF, 's.pdf', 'application/pdf'))).toBe(
      '',
    );
  });

  it('refuses a text file renamed .jpg or .pdf, and a PDF in an image slot', async () => {
    expect(await fileContentProblem('aadharFront', file(TEXT, 'a.jpg', 'image/jpeg'))).toBe(
      messages.kyc.imageContent('Aadhar front image'),
    );
    expect(await fileContentProblem('panFront', file(PDF, 'p.png', 'image/png'))).toBe(
      messages.kyc.imageContent('PAN card image'),
    );
    expect(await fileContentProblem('bankStatement', file(TEXT, 's.pdf', 'application/pdf'))).toBe(
      messages.kyc.pdfContent,
    );
    expect(await fileContentProblem('bankStatement', file(JPEG, 's.pdf', 'application/pdf'))).toBe(
      messages.kyc.pdfContent,
    );
  });
});
