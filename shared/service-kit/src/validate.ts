import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { HttpError, type FieldErrors } from './errors';

/** `{ "name": "Required" }` from a zod error: one message per field path, the first one wins. */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

function describe(where: string, error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${[where, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
}

/**
 * Parses `data` with a domain schema; throws 422 `{ errors: { field: message } }` when invalid.
 * Use it in src/domain for user-entered values the UI shows per field.
 */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw HttpError.unprocessable(fieldErrorsFrom(parsed.error));
  return parsed.data;
}

export interface ShapeSchemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}

/**
 * 400: the request's *shape* is wrong (a client bug, not a user mistake): a malformed id in the
 * path, an unknown query value, a body that is not an object of the right types.
 * Parsed values replace req.body / req.params / req.query (defaults and coercions applied).
 */
export function validateShape(schemas: ShapeSchemas): RequestHandler {
  return (req, _res, next) => {
    for (const where of ['params', 'query', 'body'] as const) {
      const schema = schemas[where];
      if (!schema) continue;
      const parsed = schema.safeParse(req[where] ?? (where === 'body' ? undefined : {}));
      if (!parsed.success) return next(HttpError.badRequest(describe(where, parsed.error)));
      // req.query is a getter in Express 5: redefine it on this request.
      Object.defineProperty(req, where, { value: parsed.data, writable: true, configurable: true, enumerable: true });
    }
    next();
  };
}

/**
 * 422: the body is well-formed but a *field value* breaks a domain rule (empty name, price
 * below zero, bad e-mail). Answers `{ errors: { field: message } }` so the form can flag fields.
 */
export function validateFields(schema: z.ZodType): RequestHandler {
  return (req, _res, next) => {
    try {
      req.body = parseFields(schema, req.body);
      next();
    } catch (err) {
      next(err);
    }
  };
}
