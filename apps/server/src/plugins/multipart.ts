/**
 * The one file of a multipart/form-data upload (issue 15): whatever is wrong with the body itself
 * (no or a broken boundary, a body cut short, parts the parser cannot read) is the sender's
 * mistake and answers 400 `bad_multipart` naming the field. The file size limit keeps its 413,
 * which the route's scope words; a failing disk stays a 500.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const badMultipart = (field: string) =>
  new AppError(
    400,
    'bad_multipart',
    `The upload is not valid multipart/form-data. Send the file in the field "${field}".`,
    field,
  );

const tooManyParts = (field: string) =>
  new AppError(413, 'too_large', `The form has too many parts. Send the file in the field "${field}".`, field);

const PARTS_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** The first file of the form, or undefined when it has none. */
export async function firstFilePart(request: FastifyRequest, field: string): Promise<MultipartFile | undefined> {
  try {
    return await request.file();
  } catch (error) {
    throw multipartError(error, field);
  }
}

/** Writes the part's file to `file`. */
export async function saveFilePart(part: MultipartFile, file: string, field: string): Promise<void> {
  try {
    await pipeline(part.file, createWriteStream(file));
  } catch (error) {
    throw multipartError(error, field);
  }
}

/** The part's file in memory. */
export async function filePartBytes(part: MultipartFile, field: string): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw multipartError(error, field);
  }
}

/** What an error met while reading the form means to the sender (`field`: where the file belongs). */
export function multipartError(error: unknown, field: string): unknown {
  if (error instanceof AppError) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  // Only the file system's errors carry a syscall: the server's fault, not the body's.
  if (syscall || code === 'FST_REQ_FILE_TOO_LARGE') return error;
  if (code && PARTS_LIMITS.has(code)) return tooManyParts(field);
  return badMultipart(field);
}
