import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kycSubmitResponseSchema, type DocumentKind } from '@sikka/contracts';
import { requireUser } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { S3DocumentStorage, createDocumentStorage } from '../../storage/index.ts';
import { toUser } from '../../users/user-row.ts';
import { readDocument } from '../../kyc/documents.ts';
import { readKycForm } from '../../kyc/form.ts';
import { submitKyc } from '../../kyc/submit.ts';

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

/** POST /api/kyc and GET /api/kyc/documents/:userId/:kind. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Chosen and checked at start-up: a bad key or bucket setting stops the server early.
  const storage = createDocumentStorage(app.config);
  const vault = app.vault;
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
        response: { 200: kycSubmitResponseSchema, ...errors(401, 409, 413) },
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
      const row = await submitKyc(
        { db: app.db, storage, vault, now: app.clock(), log: request.log },
        user,
        form,
      );
      return { user: toUser(row) };
    },
  );

  app.get(
    '/documents/:userId/:kind',
    {
      schema: {
        description:
          'A KYC document, to its owner or the admin; 404 for anyone else. With `submission`, ' +
          'that earlier submission’s document (GET /api/admin/users/:id/kyc/history), to the admin only.',
        params: z.object({ userId: z.string().max(100), kind: z.string().max(40) }),
        querystring: z.object({ submission: z.string().max(100).optional() }),
        // The raw file (JPEG or PDF); Fastify sends a Buffer as is, without serializing it.
        response: { 200: z.unknown().describe('The document file'), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { userId, kind: kindName } = request.params;
      const { kind, data } = await readDocument(
        { db: app.db, storage, log: request.log },
        caller,
        userId,
        kindName,
        request.query.submission,
      );
      const isPdf = kind === 'bankStatement';
      return (
        reply
          .header('Content-Type', isPdf ? 'application/pdf' : 'image/jpeg')
          // Images show inline in the review dialog. The PDF is a download: browsers will not
          // render a PDF inside a sandboxed document, and a download runs nothing in our origin.
          .header(
            'Content-Disposition',
            `${isPdf ? 'attachment' : 'inline'}; filename="${FILE_NAMES[kind]}"`,
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
