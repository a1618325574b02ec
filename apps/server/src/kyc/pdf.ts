import { setImmediate } from 'node:timers/promises';
import { constants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { fileTypeFromBuffer } from 'file-type';
import { KYC_PDF_MAX_BYTES, messages } from '@sikka/contracts';
import type { CheckResult } from './images.ts';

/**
 * Bank statements must be plain documents. Every object of the file is parsed with
 * @cantoo/pdf-lib's object parser (ADR 006) and refused when it holds one of these names,
 * as a key or a value, compared after decoding #xx escapes (so /J#53 is /JS):
 * - scripts: /JavaScript, /JS;
 * - actions that leave the viewer, fetch or send data, or play media: /Launch (and its
 *   /Win, /Mac, /Unix parameters), /SubmitForm, /ImportData, /GoToR, /GoToE, /Rendition,
 *   /Sound, /Movie, /RichMediaExecute;
 * - additional actions fired by opening pages, fields or the document: /AA;
 * - embedded content: /EmbeddedFile(s), /EF, /FileAttachment, /RichMedia, /3D, /XFA.
 * An /OpenAction that shows a page (a destination or a /GoTo action) is normal in statements
 * and stays allowed, as do /URI links; an /OpenAction of any other kind (auto-print, opening
 * a web page on open) and a URI with a script or local scheme are refused.
 *
 * Only parsed name tokens count: strings, comments and stream data (page text, fonts,
 * images) never do, so a statement that mentions "/JavaScript" in its text is accepted.
 */
const BLOCKED_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'Win',
  'Mac',
  'Unix',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'Rendition',
  'Sound',
  'Movie',
  'RichMediaExecute',
  'AA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  '3D',
  'XFA',
]);
const UNSAFE_URI = /^\s*(javascript|vbscript|data|file):/i;

/**
 * CPU time one file may take to check. Hostile bytes can make parsing slow (say, thousands of
 * streams without /Length nested in each other, each read to the end of the file); a real
 * 10 MB statement takes well under a second. The check yields between objects, so other
 * requests are served meanwhile.
 */
const TIME_BUDGET_MS = 5000;
/** Longest stretch the check runs before letting other requests in. */
const SLICE_MS = 20;

/** Total bytes we are willing to inflate from one PDF's object and xref streams (zip bombs). */
const INFLATE_BUDGET = 64 * 1024 * 1024;

/**
 * Where an indirect object starts: `12 0 obj`, comments allowed between the tokens as
 * readers allow them. Every such header anywhere in the file is parsed, not only those the
 * last cross-reference section lists: earlier revisions of an incrementally updated file,
 * objects a reader would find by rebuilding a broken xref, and objects an xref offset points
 * at inside another object's data are all checked the same way.
 *
 * The two numbers need a gap between them (else they are one number), but `obj` is a keyword
 * token that the generation number's last digit already delimits: `5 0obj` is object 5 to
 * pdf-lib and to readers, so the gap before `obj` is optional (it once was required, and an
 * object written `5 0obj` went unchecked).
 */
// The search finds the `obj` keyword first and only then looks back for the two numbers, so
// it costs one pass over the file plus a short look-back per keyword (a comment ends its
// line): tried at every digit instead, "1 %1 %1 %…" took seconds per megabyte.
const GAP_TOKEN = String.raw`(?:[\0\t\n\f\r ]|%[^\r\n]*[\r\n])`;
const OBJECT_HEADER = new RegExp(
  String.raw`(?<![A-Za-z])obj(?![A-Za-z0-9])(?<=(?<![0-9])(\d+)${GAP_TOKEN}+(\d+)${GAP_TOKEN}*obj)`,
  'g',
);
/** A classic trailer dictionary: it, not an object, carries /Encrypt in pre-1.5 files. */
const TRAILER = /trailer[\0\t\n\f\r ]*(?=<<)/g;

type Verdict = 'clean' | 'active' | 'encrypted' | 'unreadable';

/** pdf-lib decodes #xx with upper-case hex only; readers accept both cases. */
function nameText(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * pdf-lib's object parser, recording every name token it reads. Reading tokens rather than
 * the parsed dictionaries matters: `<< /S /Launch /S /GoTo >>` keeps only the last /S in a
 * dictionary, while some readers act on the first. It extends the object-stream parser only
 * because that is the public way to run the object parser over plain bytes.
 */
class NameRecordingParser extends PDFObjectStreamParser {
  readonly names = new Set<string>();

  constructor(bytes: Uint8Array, context: PDFContext) {
    super(PDFRawStream.of(context.obj({ N: 0, First: 0 }), bytes));
  }

  protected override parseName(): PDFName {
    const name = super.parseName();
    this.names.add(nameText(name));
    return name;
  }

  objectAt(offset: number): PDFObject {
    this.bytes.moveTo(offset);
    return this.parseObject();
  }

  intAt(offset: number): { value: number; end: number } {
    this.bytes.moveTo(offset);
    const value = this.parseObject();
    if (
      !(value instanceof PDFNumber) ||
      !Number.isSafeInteger(value.asNumber()) ||
      value.asNumber() < 0
    )
      throw new Error('not an integer');
    return { value: value.asNumber(), end: this.bytes.offset() };
  }
}

function nameOf(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? nameText(value) : undefined;
}

function filters(dict: PDFDict): PDFObject[] | undefined {
  const filter = dict.get(PDFName.of('Filter'));
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [filter];
  if (filter instanceof PDFArray) return filter.asArray();
  return undefined;
}

/**
 * An object stream's data, FlateDecode only (what generators use), with a size budget
 * against zip bombs; undefined when it cannot be decoded safely. A predictor (DecodeParms)
 * would scramble the objects, and readers differ on it: refused as well.
 */
function decodeBounded(stream: PDFRawStream, budget: { left: number }): Uint8Array | undefined {
  const chain = filters(stream.dict);
  if (!chain || chain.some((f) => nameOf(f) !== 'FlateDecode')) return undefined;
  if (stream.dict.get(PDFName.of('DecodeParms')) !== undefined) return undefined;
  let data = stream.getContents();
  for (let i = 0; i < chain.length; i++) {
    try {
      data = inflateSync(data, {
        maxOutputLength: Math.max(1, budget.left),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch {
      return undefined;
    }
    budget.left -= data.length;
    if (budget.left <= 0) return undefined;
  }
  return data;
}

/** The objects packed in an object stream, found the way readers find them: by its header. */
function unpackObjectStream(
  stream: PDFRawStream,
  context: PDFContext,
  budget: { left: number },
): { objects: Array<{ number: number; object: PDFObject }>; names: Set<string> } | undefined {
  const n = stream.dict.get(PDFName.of('N'));
  const first = stream.dict.get(PDFName.of('First'));
  if (!(n instanceof PDFNumber) || !(first instanceof PDFNumber)) return undefined;
  const data = decodeBounded(stream, budget);
  if (!data) return undefined;
  const parser = new NameRecordingParser(data, context);
  const objects: Array<{ number: number; object: PDFObject }> = [];
  let at = 0;
  for (let i = 0; i < n.asNumber(); i++) {
    const number = parser.intAt(at);
    const offset = parser.intAt(number.end);
    at = offset.end;
    objects.push({
      number: number.value,
      object: parser.objectAt(first.asNumber() + offset.value),
    });
  }
  return { objects, names: parser.names };
}

/** Dictionaries and arrays nested in an object, itself included; references are not followed. */
function* walk(object: PDFObject): Generator<PDFObject> {
  yield object;
  const dict = object instanceof PDFRawStream ? object.dict : object;
  if (dict instanceof PDFDict) for (const [, value] of dict.entries()) yield* walk(value);
  else if (dict instanceof PDFArray) for (const value of dict.asArray()) yield* walk(value);
}

function text(value: PDFObject): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString
    ? value.decodeText()
    : undefined;
}

/** /OpenAction and /URI, judged by their values (refs resolved against every revision). */
function unsafeValue(objects: PDFObject[], byNumber: Map<number, PDFObject[]>): boolean {
  const resolve = (value: PDFObject): PDFObject[] =>
    value instanceof PDFRef ? (byNumber.get(value.objectNumber) ?? []) : [value];
  for (const object of objects) {
    for (const node of walk(object)) {
      if (!(node instanceof PDFDict)) continue;
      const open = node.get(PDFName.of('OpenAction'));
      for (const action of open ? resolve(open) : []) {
        // A destination is an array (or a named one); an action is a dictionary with /S.
        if (action instanceof PDFDict && nameOf(action.get(PDFName.of('S'))) !== 'GoTo')
          return true;
      }
      const uri = node.get(PDFName.of('URI'));
      for (const target of uri ? resolve(uri) : []) {
        if (UNSAFE_URI.test(text(target) ?? '')) return true;
      }
    }
  }
  return false;
}

async function inspect(bytes: Buffer): Promise<Verdict> {
  const deadline = Date.now() + TIME_BUDGET_MS;
  let resumed = Date.now();
  const pace = async () => {
    const now = Date.now();
    if (now > deadline) throw new Error('PDF check took too long');
    if (now - resumed < SLICE_MS) return;
    await setImmediate();
    resumed = Date.now();
  };
  const context = PDFContext.create();
  const source = bytes.toString('latin1'); // one char per byte: string offsets are byte offsets
  const parser = new NameRecordingParser(bytes, context);
  const objects: Array<{ number: number; object: PDFObject }> = [];
  /** Every object the scan found, as `number generation` (packed objects have generation 0). */
  const seen = new Set<string>();
  for (const header of source.matchAll(OBJECT_HEADER)) {
    await pace();
    // A header the parser cannot follow is a malformed file or an attempt to hide an object
    // from us; either way the statement cannot be checked.
    objects.push({
      number: parseInt(header[1]!, 10),
      object: parser.objectAt(header.index + header[0].length),
    });
    seen.add(`${parseInt(header[1]!, 10)} ${parseInt(header[2]!, 10)}`);
  }
  for (const trailer of source.matchAll(TRAILER)) {
    parser.objectAt(trailer.index + trailer[0].length);
  }
  if (objects.length === 0) return 'unreadable';
  const names = parser.names;
  // Strings and object streams are encrypted too: nothing inside can be checked.
  if (names.has('Encrypt')) return 'encrypted';

  const budget = { left: INFLATE_BUDGET };
  for (let i = 0; i < objects.length; i++) {
    await pace();
    const { object } = objects[i]!;
    if (!(object instanceof PDFRawStream)) continue;
    const { dict } = object;
    const type = dict.get(PDFName.of('Type'));
    // A reader resolving /Type through a reference could see /ObjStm where we see nothing.
    if (type instanceof PDFRef) return 'unreadable';
    // Readers take a stream as an object stream when an xref entry points into it, whatever
    // its /Type says; /N and /First (object count, first offset) are all they need.
    if (nameOf(type) === 'ObjStm' || dict.has(PDFName.of('N')) || dict.has(PDFName.of('First'))) {
      const unpacked = unpackObjectStream(object, context, budget);
      if (!unpacked) return 'unreadable';
      for (const inner of unpacked.objects) {
        objects.push(inner);
        seen.add(`${inner.number} 0`);
      }
      for (const name of unpacked.names) names.add(name);
    }
  }
  for (const name of names) if (BLOCKED_NAMES.has(name)) return 'active';
  // Well-formed objects but no catalog: no reader can show the file.
  const isCatalog = (o: PDFObject) =>
    o instanceof PDFDict && nameOf(o.get(PDFName.of('Type'))) === 'Catalog';
  if (!objects.some(({ object }) => isCatalog(object))) return 'unreadable';

  const byNumber = new Map<number, PDFObject[]>();
  for (const { number, object } of objects) {
    byNumber.set(number, [...(byNumber.get(number) ?? []), object]);
  }
  if (
    unsafeValue(
      objects.map((o) => o.object),
      byNumber,
    )
  )
    return 'active';
  return crossCheck(bytes, seen, deadline);
}

/**
 * Defence in depth: the file as @cantoo/pdf-lib's own document parser reads it (what
 * `PDFDocument.load` does), after the scan above found it clean. That parser walks the file
 * from the top and unpacks /Type /ObjStm streams, all of which the scan has already inflated
 * within its budget, so this adds no new decompression. Every object it finds must be one the
 * scan checked; an object only it found means the two read the file differently (as they did
 * for `5 0obj`), and a file read two ways cannot be judged. Its objects are also checked for
 * the blocked names and actions themselves, so one more blind spot of the scan is not enough.
 */
async function crossCheck(bytes: Buffer, seen: Set<string>, deadline: number): Promise<Verdict> {
  // Yields every 50 objects, like the scan does between objects.
  const context = await PDFParser.forBytesWithOptions(new Uint8Array(bytes), 50).parseDocument();
  if (Date.now() > deadline) throw new Error('PDF check took too long');
  const objects: PDFObject[] = [];
  const byNumber = new Map<number, PDFObject[]>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!seen.has(`${ref.objectNumber} ${ref.generationNumber}`)) return 'unreadable';
    if (object instanceof PDFInvalidObject) return 'unreadable';
    objects.push(object);
    byNumber.set(ref.objectNumber, [...(byNumber.get(ref.objectNumber) ?? []), object]);
  }
  for (const object of objects) {
    // walk() yields every nested value, names included; dictionary keys are checked here.
    for (const node of walk(object)) {
      const dict = node instanceof PDFRawStream ? node.dict : node;
      if (dict instanceof PDFDict && dict.keys().some((key) => BLOCKED_NAMES.has(nameText(key))))
        return 'active';
      if (BLOCKED_NAMES.has(nameOf(node) ?? '')) return 'active';
    }
  }
  return unsafeValue(objects, byNumber) ? 'active' : 'clean';
}

/** A bank statement, judged by its bytes: a PDF of at most 10 MB with no active content. */
export async function checkPdf(input: Buffer): Promise<CheckResult> {
  if (input.length > KYC_PDF_MAX_BYTES) return { ok: false, message: messages.kyc.pdfTooLarge };
  const type = await fileTypeFromBuffer(input);
  if (type?.mime !== 'application/pdf') return { ok: false, message: messages.kyc.pdfType };

  let verdict: Verdict;
  try {
    verdict = await inspect(input);
  } catch {
    verdict = 'unreadable';
  }
  if (verdict === 'active') return { ok: false, message: messages.kyc.pdfActiveContent };
  if (verdict === 'encrypted') return { ok: false, message: messages.kyc.pdfEncrypted };
  if (verdict === 'unreadable') return { ok: false, message: messages.kyc.pdfUnreadable };
  // Stored as uploaded, not rewritten: e-statements are often digitally signed, and a rewrite
  // would break the signature the reviewer may check (ADR 006). The document route serves it
  // as a download under a sandboxing CSP besides.
  return { ok: true, data: input };
}
