import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  type FakeAnswer,
  type FakeTtsVendor,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './tts/fake-vendor';

/**
 * The remove.bg API on 127.0.0.1: `POST /v1.0/removebg` with `X-Api-Key` and a multipart body
 * holding `image_file` (or `image_url`, which the fake refuses to fetch: tests never leave
 * loopback), `size` and `format`. Errors are remove.bg's `{ errors: [{ title, code }] }`: 403 for a
 * wrong key, 400 for a bad image, 402 for no credits, 429 (with Retry-After) for too many calls.
 * It "removes the background" by keeping an ellipse in the middle of the picture: the answer is
 * an RGBA PNG of the input's size whose corners are fully transparent, with remove.bg's
 * `X-Width`, `X-Height` and `X-Credits-Charged` headers.
 */
export type FakeRemoveBg = FakeTtsVendor;

const TITLES: Record<number, { title: string; code: string }> = {
  400: { title: 'Invalid parameters', code: 'invalid_parameters' },
  402: { title: 'Insufficient credits', code: 'insufficient_credits' },
  403: { title: 'API Key invalid', code: 'auth_failed' },
  429: { title: 'Rate limit exceeded', code: 'rate_limit_exceeded' },
  500: { title: 'Internal server error', code: 'internal_error' },
};

export function startFakeRemoveBg(apiKey = 'remove-bg-test-key'): Promise<FakeRemoveBg> {
  async function handle(request: RecordedTtsRequest): Promise<FakeAnswer> {
    if (request.method !== 'POST' || request.path !== '/v1.0/removebg') {
      throw new VendorRefusal(404, `No route for ${request.method} ${request.path}`, 'not_found');
    }
    const key = headerOf(request, 'x-api-key');
    if (!key) throw new VendorRefusal(403, 'Missing API Key', 'auth_failed');
    if (key !== apiKey) throw new VendorRefusal(403, 'API Key invalid', 'auth_failed');
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': headerOf(request, 'content-type') },
      body: new Uint8Array(request.body),
    })
      .formData()
      .catch(() => {
        throw new VendorRefusal(400, 'Could not parse the multipart body', 'invalid_parameters');
      });
    const size = String(form.get('size') ?? 'preview');
    if (!['auto', 'preview', 'small', 'regular', 'medium', 'hd', 'full', '4k', '50MP'].includes(size)) {
      throw new VendorRefusal(400, `Invalid size: ${size}`, 'invalid_parameters');
    }
    const format = String(form.get('format') ?? 'auto');
    if (!['auto', 'png'].includes(format))
      throw new VendorRefusal(400, 'The fake only answers PNG', 'invalid_parameters');
    if (form.get('image_url')) throw new VendorRefusal(400, 'The fake does not fetch image_url', 'invalid_parameters');
    const file = form.get('image_file');
    if (!(file instanceof Blob) || file.size === 0) throw new VendorRefusal(400, 'No image given', 'missing_source');
    const image = await loadImage(Buffer.from(await file.arrayBuffer())).catch(() => {
      throw new VendorRefusal(400, 'Failed to read the image', 'unknown_format');
    });
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    ctx.globalCompositeOperation = 'destination-in';
    ctx.beginPath();
    ctx.ellipse(image.width / 2, image.height / 2, image.width / 3, image.height / 3, 0, 0, Math.PI * 2);
    ctx.fill();
    return {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'X-Width': String(image.width),
        'X-Height': String(image.height),
        'X-Type': 'product',
        'X-Credits-Charged': '1',
      },
      body: await canvas.encode('png'),
    };
  }

  return startFakeVendor({
    handle,
    errorAnswer(refusal) {
      const known = TITLES[refusal.status] ?? { title: 'Error', code: 'unknown' };
      const told = refusal.message.startsWith('the fake was told');
      return {
        status: refusal.status,
        ...(refusal.status === 429 ? { headers: { 'Retry-After': '30' } } : {}),
        body: { errors: [{ title: told ? known.title : refusal.message, code: refusal.code ?? known.code }] },
      };
    },
  });
}
