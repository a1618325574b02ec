import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  documentKindSchema,
  kycSubmitResponseSchema,
  messages,
  type DocumentKind,
} from '@sikka/contracts';
import { requireUser } from '../../auth/plugin.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { S3DocumentStorage, createDocumentStorage } from '../../storage/index.ts';
import { toUser, type UserRow } from '../../users/user-row.ts';
import { readKycForm } from '../../kyc/form.ts';
import { checkKycType, validateIndividual } from '../../kyc/validate.ts';
import {
  DOCUMENT_COLUMN,
  SUBMITTABLE,
  invalidStateForSubmit,
  submitIndividualKyc,
} from '../../kyc/submit.ts';
import { loadVaultKey } from '../../kyc/vault.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Download names: fixed per kind, never the uploaded name. */
const FILE_NAMES: Record<DocumentKind, string> = {
  aadharFront: 'aadhar-front.jpg',
  aadharBack: 'aadhar-back.jpg',
  panFront: 'pan-card.jpg',
  bankStatement: 'bank-statement.pdf',
  selfie: 'selfie.jpg',
};

/** Nothing in a served document may run, load or frame anything (DESIGN.md §6). */
const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const documentMissing = () => new AppError(404, 'not_found', messages.kyc.documentMissing);

/** POST /api/kyc and GET /api/kyc/documents/:userId/:kind. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Chosen and checked at start-up: a bad key or bucket setting stops the server early.
  const storage = createDocumentStorage(app.config);
  const vault = await loadVaultKey(app.config);
  app.addHook('onClose', async () => {
    if (storage instanceof S3DocumentStorage) storage.destroy();
  });

  app.post(
    // '' not '/': the path is exactly /api/kyc, the one multipart path the CSRF guard allows.
    '',
    {
      schema: {
        description:
          'Individual KYC as multipart/form-data: fields type, aadharNumber, panNumber, accountNumber, ifscCode, ' +
          'bankName; files aadharFront, aadharBack, panFront, selfie (JPEG/PNG/WebP ≤ 5 MB), bankStatement (PDF ≤ 10 MB).',
        consumes: ['multipart/form-data'],
        response: { 200: kycSubmitResponseSchema, ...errorResponses, 413: apiErrorSchema },
      },
      config: {
        // Each submission decodes and re-encodes up to four images: bound the work per user.
        rateLimit: {
          max: 20,
          timeWindow: '10 minutes',
          keyGenerator: (request) =>
            request.user ? `kyc:${request.user.id}` : `kyc-ip:${request.ip}`,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readKycForm(request);
      checkKycType(form);
      if (!SUBMITTABLE.includes(user.kyc_status)) throw invalidStateForSubmit(user.kyc_status);
      const submission = await validateIndividual(form);
      const row = await submitIndividualKyc(
        { db: app.db, storage, vault, now: app.clock(), log: request.log },
        user.id,
        submission,
      );
      return { user: toUser(row) };
    },
  );

  app.get(
    '/documents/:userId/:kind',
    {
      schema: {
        description: 'A KYC document, to its owner or the admin; 404 for anyone else.',
        params: z.object({ userId: z.string().max(100), kind: z.string().max(40) }),
        // The raw file (JPEG or PDF); Fastify sends a Buffer as is, without serializing it.
        response: { 200: z.unknown().describe('The document file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { userId } = request.params;
      const kind = documentKindSchema.safeParse(request.params.kind);
      // Other users' documents are "not available" exactly like missing ones: a 403 would
      // confirm that the account and its document exist.
      if (!kind.success || !UUID_RE.test(userId)) throw documentMissing();
      if (caller.id !== userId.toLowerCase() && caller.role !== 'admin') throw documentMissing();
      const column = DOCUMENT_COLUMN[kind.data];
      const rows = await app.db.query<Pick<UserRow, 'id'> & { key: string | null }>(
        `SELECT id, ${column} AS key FROM users WHERE id = $1`,
        [userId],
      );
      const key = rows[0]?.key;
      if (!key) throw documentMissing();
      const data = await storage.get(key);
      if (!data) {
        request.log.warn({ userId, kind: kind.data }, 'KYC document missing from storage');
        throw documentMissing();
      }
      const isPdf = kind.data === 'bankStatement';
      return (
        reply
          .header('Content-Type', isPdf ? 'application/pdf' : 'image/jpeg')
          // Images show inline in the review dialog. The PDF is a download: browsers will not
          // render a PDF inside a sandboxed document, and a download runs nothing in our origin.
          .header(
            'Content-Disposition',
            `${isPdf ? 'attachment' : 'inline'}; filename="${FILE_NAMES[kind.data]}"`,
          )
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', DOCUMENT_CSP)
          .header('Cache-Control', 'private, no-store')
          .send(data)
      );
    },
  );
};

export default routes;
