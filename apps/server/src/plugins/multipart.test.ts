import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { transcriptions } from '../transcription/tables';
import { libraryItems } from '../uploads/tables';

const B = 'rwTestBoundary42';
const FORM = `multipart/form-data; boundary=${B}`;
const filePart = (field: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`;

type Body = (field: string) => string | Buffer;

/** Bodies the multipart parser cannot read (issue 15 item 6: each was a 500). */
const BROKEN: [what: string, contentType: string, body: Body][] = [
  ['no boundary parameter', 'multipart/form-data', (field) => `${filePart(field)}RIFF1234\r\n--${B}--\r\n`],
  ['a boundary that is too long', `multipart/form-data; boundary=${'b'.repeat(200)}`, () => `--${'b'.repeat(200)}\r\n`],
  ['an unclosed quoted boundary and a cut-off body', 'multipart/form-data; boundary="abc', () => '--abc\r\n\r\n'],
  [
    'a body with another boundary',
    'multipart/form-data; boundary=other',
    (field) => `${filePart(field)}RIFF\r\n--${B}--\r\n`,
  ],
  ['a body cut off inside the file', FORM, (field) => `${filePart(field)}RIFF1234WAVEfmt `],
  ['a body cut off inside the part headers', FORM, () => `--${B}\r\nContent-Disposition: form-da`],
  ['only a preamble', FORM, () => 'hello, this is not a form\r\n'],
  ['binary garbage', FORM, () => Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 45, 45, 0])],
];

/** Bodies that parse, or are not a form at all, but hold no file. */
const WITHOUT_FILE: [what: string, contentType: string, body: Body][] = [
  ['an empty boundary', 'multipart/form-data; boundary=', () => '--\r\n\r\n----\r\n'],
  ['a part without headers', FORM, () => `--${B}\r\n\r\nRIFF1234\r\n--${B}--\r\n`],
  ['a header line without a colon', FORM, () => `--${B}\r\nnot a header\r\n\r\nRIFF\r\n--${B}--\r\n`],
  ['only the closing boundary', FORM, () => `--${B}--\r\n`],
  [
    'a field but no file',
    FORM,
    (field) => `--${B}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nhi\r\n--${B}--\r\n`,
  ],
  ['a form of another kind', `multipart/mixed; boundary=${B}`, (field) => `${filePart(field)}RIFF\r\n--${B}--\r\n`],
];

const ROUTES = [
  { url: '/api/members/uploads', field: 'file', folder: 'uploads', noFile: 'no_file' },
  { url: '/api/queries/save-mp3', field: 'recording', folder: 'recordings', noFile: 'no_recording' },
] as const;

// The answers depend on the parser alone, but "nothing stored" includes the database: both kinds.
describe.each(DB_KINDS)('malformed multipart bodies on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ cookie } = await buildMember(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedFiles = async (folder: string) =>
    (await readdir(path.join(t.config.dataDir, 'files', folder)).catch(() => [])).length;
  const libraryRows = async () => (await t.app.db.select().from(libraryItems)).length;

  describe.each(ROUTES)('POST $url', ({ url, field, folder, noFile }) => {
    async function send(contentType: string, body: Body) {
      const rowsBefore = await libraryRows();
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: body(field),
        headers: { cookie, 'content-type': contentType },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/tmp\/|\/work\//);
      expect(await storedFiles(folder)).toBe(0);
      expect(await libraryRows()).toBe(rowsBefore);
      return res.json();
    }

    it.each(BROKEN)('answers 400 bad_multipart to %s and stores nothing', async (_what, contentType, body) => {
      expect(await send(contentType, body)).toEqual({
        code: 'bad_multipart',
        error: `The upload is not valid multipart/form-data. Send the file in the field "${field}".`,
        field,
      });
    });

    it.each(WITHOUT_FILE)('answers 400 "no file" to %s and stores nothing', async (_what, contentType, body) => {
      expect(await send(contentType, body)).toMatchObject({
        code: noFile,
        error: expect.stringContaining(`"${field}"`),
        field,
      });
    });

    it('answers 413 to a form with too many fields, naming the field of the file', async () => {
      const fields = Array.from(
        { length: 30 },
        (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
      );
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: `${fields.join('')}${filePart(field)}RIFF1234\r\n--${B}--\r\n`,
        headers: { cookie, 'content-type': FORM },
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({
        code: 'too_large',
        error: `The form has too many parts. Send the file in the field "${field}".`,
        field,
      });
      expect(await storedFiles(folder)).toBe(0);
    });
  });

  // A transcription request may be a form too (any field name for the file, `mp3` for a URL).
  describe('POST /api/members/transcribe', () => {
    it.each(BROKEN)('answers 400 bad_multipart to %s and records nothing', async (_what, contentType, body) => {
      const paid = await buildMember(t.app, { plan: 'paid' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/members/transcribe',
        payload: body('mp3'),
        headers: { cookie: paid.cookie, 'content-type': contentType },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_multipart', field: 'mp3' });
      expect(await storedFiles('recordings')).toBe(0);
      expect(await t.app.db.select().from(transcriptions)).toEqual([]);
    });
  });
});
