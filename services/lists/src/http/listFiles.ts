import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import { HttpError } from '@wishlist/service-kit';
import { z } from 'zod';
import { importText } from '../domain/importMessages';
import type { AccountLimits } from '../domain/limits';
import { exportList, importList, type FileFormat, type ImportInput } from '../domain/listExchange';

/**
 * The largest file one import takes: 1 MB, so that a whole exported list comes back in one import
 * (a list's 500 products with their notes export to ~200-500 kB of JSON). The gateway lets this
 * one route's body be larger than other calls' (its MAX_IMPORT_BODY_KB, 1.5 MB: the file may come
 * wrapped in JSON, escaped); a raw file and a wrapped one meet the same limit with the same answer.
 */
export const IMPORT_MAX_BYTES = 1024 * 1024;
/** The body parsers' limit: a file of IMPORT_MAX_BYTES wrapped in JSON (`{ content }`), escaped. */
const IMPORT_MAX_BODY_BYTES = (IMPORT_MAX_BYTES * 3) / 2;
/** Reads its own body (service-kit `ownBodyPaths`): its limit and refusals speak of a file. */
export const IMPORT_PATH = '/api/product-lists/import';

/** Content types a CSV file arrives with (browsers and spreadsheets name it in several ways). */
const TEXT_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'text/plain', 'application/vnd.ms-excel'];

const exportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

const importQuery = z.object({
  name: z.string().max(1000).optional(),
  fileName: z.string().max(1000).optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** `{ name?, fileName?, format?, content }`: the file as text inside JSON, for clients that cannot send it raw. */
const envelope = z.object({
  content: z.string(),
  name: z.string().max(1000).optional(),
  fileName: z.string().max(1000).optional(),
  format: z.enum(['json', 'csv']).optional(),
});

function tooLarge(): HttpError {
  return new HttpError(
    413,
    'import_too_large',
    `This file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most one import takes. Split it into smaller files (a few hundred products each) and import each one.`,
  );
}

function formatOf(explicit: FileFormat | undefined, fileName: string | undefined, content: string): FileFormat {
  if (explicit) return explicit;
  const ext = /\.(csv|json)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'json') return ext;
  return /^\uFEFF?\s*[[{]/.test(content) ? 'json' : 'csv';
}

/** The request, whichever of its accepted shapes it has, as the domain's input. */
function importInput(req: Request): ImportInput {
  const lang = req.identity?.lang ?? 'en';
  const query = importQuery.safeParse(req.query);
  if (!query.success) throw HttpError.badRequest('name and fileName are text, format is json or csv.', 'invalid_query');
  const { name, fileName, format } = query.data;
  if (typeof req.body === 'string') {
    if (Buffer.byteLength(req.body) > IMPORT_MAX_BYTES) throw tooLarge();
    const csvType = req.is(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);
    return { format: format ?? (csvType ? 'csv' : formatOf(undefined, fileName, req.body)), content: req.body, name, fileName, lang };
  }
  if (req.is('application/json') && req.body !== undefined) {
    const wrapped = envelope.safeParse(req.body);
    if (wrapped.success) {
      const w = wrapped.data;
      if (Buffer.byteLength(w.content) > IMPORT_MAX_BYTES) throw tooLarge();
      const file = w.fileName ?? fileName;
      return { format: formatOf(w.format ?? format, file, w.content), content: w.content, name: w.name ?? name, fileName: file, lang };
    }
    return { format: 'json', content: { json: req.body }, name, fileName, lang };
  }
  throw new HttpError(415, 'unsupported_media_type', 'Send the file as the body, with Content-Type text/csv or application/json.');
}

/**
 * The body parsers' refusals on the import path, said in terms of a file: a body over the limit
 * (413) and a JSON file that does not parse (422), where other routes answer generic errors.
 */
const importParseErrors: ErrorRequestHandler = (err, req, _res, next) => {
  const type = (err as { type?: string } | undefined)?.type;
  if (type === 'entity.too.large') return next(tooLarge());
  if (type === 'entity.parse.failed') {
    const file = importText(req.identity?.lang ?? 'en', 'invalidJson');
    return next(new HttpError(422, 'invalid_file', 'The file is not a valid JSON file. Export the list again, or import a CSV file.', { file }));
  }
  next(err);
};

/** Export and import of lists (docs/api.md, "Export and import"). */
export function listFileRoutes(
  router: Router,
  deps: { signedIn: RequestHandler; limits: AccountLimits; rateLimits: RequestHandler[]; missRate: RequestHandler },
): void {
  const userOf = (req: Request) => req.identity!.userId;

  router.get('/api/product-lists/:id/export', deps.missRate, deps.signedIn, async (req, res) => {
    const query = exportQuery.safeParse(req.query);
    if (!query.success) throw HttpError.badRequest('format is json or csv.', 'invalid_format');
    const file = await exportList(userOf(req), String(req.params.id), query.data.format);
    res.attachment(file.fileName);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.body);
  });

  router.post(
    IMPORT_PATH,
    deps.signedIn,
    ...deps.rateLimits,
    express.json({ limit: IMPORT_MAX_BODY_BYTES }),
    express.text({ type: TEXT_TYPES, limit: IMPORT_MAX_BODY_BYTES }),
    async (req, res) => {
      const list = await importList(userOf(req), importInput(req), deps.limits);
      res.status(201).location(`/api/product-lists/${list.id}`).json({ data: list });
    },
  );
  // After the route: errors skip ordinary handlers and reach this one.
  router.use(IMPORT_PATH, importParseErrors);
}
