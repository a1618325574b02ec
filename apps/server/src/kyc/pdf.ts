import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { KYC_PDF_MAX_BYTES, messages } from '@sikka/contracts';
import type { CheckResult } from './images.ts';

/**
 * Bank statements must be plain documents. Refused (PDF names, compared after decoding #xx
 * escapes, so /J#61vaScript counts as /JavaScript):
 * - scripts: /JavaScript, /JS (this also covers an /OpenAction or /AA that runs a script);
 * - actions that leave the viewer or act on their own: /Launch, /SubmitForm, /ImportData,
 *   /GoToE, and /AA (additional actions fired by opening pages, fields or the document);
 * - embedded content: /EmbeddedFile(s), /RichMedia (Flash/video), /XFA forms.
 * An /OpenAction that only jumps to a page, and /URI links, are normal in bank statements
 * and stay allowed.
 *
 * Where names are looked for:
 * - everywhere outside stream data;
 * - inside compressed object streams (/Type /ObjStm, or /N with /First): since PDF 1.5 dictionaries may live
 *   there, hidden from a raw scan. They are inflated (FlateDecode, with a size budget against
 *   zip bombs) and scanned whole. An object stream we cannot decode (another filter, a
 *   predictor, corrupt data) is refused: it could hide anything.
 * - inside other streams (page content, images, fonts) only the long names: those streams
 *   hold drawing operators and binary data where a short name like /JS occurs by chance,
 *   while a chance /JavaScript or /EmbeddedFile is all but impossible.
 * Encrypted PDFs (/Encrypt) are refused: their object streams cannot be read without the
 * password, and bank statements often come password-protected, so the message says so.
 */
const BLOCKED_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'AA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);
/** Names long enough that finding one by chance in binary data is not a concern. */
const LONG_BLOCKED_NAMES = new Set([
  'JavaScript',
  'Launch',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'SubmitForm',
  'ImportData',
]);

/** Total bytes we are willing to inflate from one PDF's object streams. */
const INFLATE_BUDGET = 64 * 1024 * 1024;

// PDF delimiters and white space end a name (ISO 32000-1 §7.2.2, §7.3.5).
const NAME_RE = /\/([^\s/<>[\](){}%\0]*)/g;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function* names(text: string): Generator<string> {
  for (const match of text.matchAll(NAME_RE)) yield decodeName(match[1]!);
}

function hasBlockedName(text: string, blocked: Set<string>): boolean {
  for (const name of names(text)) if (blocked.has(name)) return true;
  return false;
}

interface Stream {
  /** The object's text from its `obj` keyword to `stream` (its dictionary). */
  dict: string;
  dataStart: number;
  dataEnd: number;
}

/**
 * Stream bodies, found by keyword: `stream` + end of line, up to the next `endstream`.
 * Scanning to `endstream` rather than trusting /Length errs on the side of treating more
 * bytes as stream data, which only the long-name scan then covers.
 */
function findStreams(text: string): Stream[] {
  const streams: Stream[] = [];
  const re = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
  let from = 0;
  for (;;) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m) break;
    const dataStart = m.index + m[0].length;
    const end = text.indexOf('endstream', dataStart);
    const dataEnd = end === -1 ? text.length : end;
    const objAt = text.lastIndexOf('obj', m.index);
    const dict = text.slice(Math.max(objAt, from), m.index);
    streams.push({ dict, dataStart, dataEnd });
    from = end === -1 ? text.length : end + 'endstream'.length;
  }
  return streams;
}

type StreamVerdict = 'clean' | 'blocked' | 'unreadable';

function checkObjectStream(stream: Stream, bytes: Buffer, budget: { left: number }): StreamVerdict {
  const dictNames = [...names(stream.dict)];
  const filters = dictNames.filter(
    (n) => n.endsWith('Decode') || n === 'Crypt' || ['Fl', 'LZW', 'A85', 'AHx', 'RL'].includes(n),
  );
  let data = bytes.subarray(stream.dataStart, stream.dataEnd);
  // `/Filter 7 0 R` (an indirect filter) cannot be resolved by a scan.
  if (dictNames.includes('Filter') && filters.length === 0) return 'unreadable';
  if (
    filters.length > 1 ||
    (filters.length === 1 && filters[0] !== 'FlateDecode' && filters[0] !== 'Fl')
  ) {
    return 'unreadable';
  }
  // A PNG/TIFF predictor would scramble the inflated bytes; readers rarely use one here.
  const predictor = /\/Predictor\s+(\d+)/.exec(stream.dict);
  if (predictor && Number(predictor[1]) > 1) return 'unreadable';
  if (filters.length === 1) {
    try {
      data = inflateSync(data, {
        maxOutputLength: Math.max(1, budget.left),
        finishFlush: 2 /* Z_SYNC_FLUSH */,
      });
    } catch {
      return 'unreadable';
    }
    budget.left -= data.length;
    if (budget.left <= 0) return 'unreadable';
  }
  return hasBlockedName(data.toString('latin1'), BLOCKED_NAMES) ? 'blocked' : 'clean';
}

/** A bank statement, judged by its bytes: a PDF of at most 10 MB with no active content. */
export async function checkPdf(input: Buffer): Promise<CheckResult> {
  if (input.length > KYC_PDF_MAX_BYTES) return { ok: false, message: messages.kyc.pdfTooLarge };
  const type = await fileTypeFromBuffer(input);
  if (type?.mime !== 'application/pdf') return { ok: false, message: messages.kyc.pdfType };

  // latin1 maps each byte to one char, so string offsets are byte offsets.
  const text = input.toString('latin1');
  const streams = findStreams(text);
  let outside = '';
  let at = 0;
  for (const s of streams) {
    outside += text.slice(at, s.dataStart) + ' ';
    at = s.dataEnd;
  }
  outside += text.slice(at);

  const active = { ok: false as const, message: messages.kyc.pdfActiveContent };
  if (hasBlockedName(outside, BLOCKED_NAMES)) return active;
  if ([...names(outside)].includes('Encrypt'))
    return { ok: false, message: messages.kyc.pdfEncrypted };

  const budget = { left: INFLATE_BUDGET };
  for (const s of streams) {
    const dictNames = [...names(s.dict)];
    // Readers take a stream as an object stream when the cross-reference table points into
    // it, whatever its /Type says; /N with /First (object count, first offset) give it away too.
    const objectStream =
      dictNames.includes('ObjStm') || (dictNames.includes('N') && dictNames.includes('First'));
    if (objectStream) {
      const verdict = checkObjectStream(s, input, budget);
      if (verdict === 'blocked') return active;
      if (verdict === 'unreadable') return { ok: false, message: messages.kyc.pdfUnreadable };
    } else if (hasBlockedName(text.slice(s.dataStart, s.dataEnd), LONG_BLOCKED_NAMES)) {
      return active;
    }
  }
  // The file is stored as uploaded: rewriting a PDF safely needs a full PDF library, and the
  // document route serves it as a download under a sandboxing CSP besides.
  return { ok: true, data: input };
}
