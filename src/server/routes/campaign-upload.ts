import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { importRecipients } from '../services/recipient-import';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

const mappingField = z.record(z.string().max(64), z.string().max(500));

/**
 * POST /api/campaigns/:id/upload-csv (multipart: csvFile + columnMapping as a JSON string).
 * The file is streamed to a temporary file first, so the mapping may come before or after it,
 * then imported by a streaming parse; the temporary file is always removed. An Idempotency-Key
 * is claimed once the file is read: the request's fingerprint holds the file's SHA-256 and the
 * mapping, so the same key with another file is refused, whatever multipart boundary
 * the client chose.
 */
export function uploadCsvRoute(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const maxMb = Math.round(ctx.config.import.maxBytes / 1024 / 1024);
  serve(api.campaigns.uploadCsv, { claimsIdempotencyKey: true }, async (req, reply) => {
    if (!req.isMultipart()) {
      throw new AppError('bad_request', 'Send the file as multipart/form-data with a csvFile field');
    }
    const tmp = path.join(os.tmpdir(), `tailor-import-${crypto.randomUUID()}.csv`);
    let columnMapping: Record<string, string> | null = null;
    let gotFile = false;
    // Only a request with an Idempotency-Key needs the file's hash (its fingerprint).
    const fileHash = req.idempotency ? crypto.createHash('sha256') : null;
    try {
      const parts = req.parts({
        limits: { fileSize: ctx.config.import.maxBytes, files: 1, fields: 10 },
        // Bigger chunks than busboy's 16 KB default: fewer, larger writes for multi-megabyte files.
        highWaterMark: 1 << 20,
        fileHwm: 1 << 20,
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'csvFile') {
            part.file.resume();
            continue;
          }
          await pipeline(part.file, hashing(fileHash), fs.createWriteStream(tmp));
          if (part.file.truncated) throw tooLarge(maxMb);
          gotFile = true;
        } else if (
          part.fieldname === 'columnMapping' &&
          typeof part.value === 'string' &&
          part.value.trim()
        ) {
          columnMapping = parseMapping(part.value);
        }
      }
      if (!gotFile) throw new AppError('bad_request', 'Please upload a CSV file with recipient data');
      const sent = { csvFile: fileHash?.digest('base64url'), columnMapping };
      if ((await req.idempotency?.claimWith(sent, reply)) === 'answered') return reply;
      return await importRecipients(ctx.database, req.member.workspaceId, req.params.id, {
        filePath: tmp,
        columnMapping,
        limits: ctx.config.import,
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
      throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  });
}

/** Passes the file through, adding it to `hash` on the way when there is one. */
const hashing = (hash: crypto.Hash | null) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash?.update(chunk);
      done(null, chunk);
    },
  });

const tooLarge = (maxMb: number) =>
  new AppError('payload_too_large', `The file is larger than ${maxMb} MB, the most one import accepts`);

function parseMapping(raw: string): Record<string, string> {
  try {
    return mappingField.parse(JSON.parse(raw));
  } catch {
    throw new AppError('bad_request', 'columnMapping must be a JSON object of variable → column');
  }
}
