import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeChatCompletions, startFakeChatCompletions } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProviderError } from '../http/provider-error';
import { type ChatModel, createChatModel } from './chat-completions';

const KEY = 'sk-llm-789';
const MESSAGES = [
  { role: 'system', content: 'You write video titles.' },
  { role: 'user', content: 'Cold brew coffee' },
] as const;

let fake: FakeChatCompletions;
let model: ChatModel;

beforeAll(async () => {
  fake = await startFakeChatCompletions({ apiKey: KEY, reply: (messages) => `Echo: ${messages.at(-1)?.content}` });
  model = createChatModel({ apiKey: KEY, url: `${fake.url}/`, model: 'gpt-4o-mini' }) as ChatModel;
});
afterAll(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('chat-completions adapter', () => {
  test('is not offered without a key', () => {
    expect(createChatModel({ apiKey: undefined, url: fake.url, model: 'gpt-4o-mini' })).toBeNull();
  });

  test('sends the documented request and reads the reply', async () => {
    expect(await model.complete(MESSAGES, { temperature: 0.4, maxTokens: 300 })).toBe('Echo: Cold brew coffee');
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({ model: 'gpt-4o-mini', messages: MESSAGES, temperature: 0.4, max_tokens: 300 });
  });

  test('a wrong key is an auth failure that says to check the configuration', async () => {
    const wrong = createChatModel({ apiKey: 'sk-wrong', url: fake.url, model: 'gpt-4o-mini' }) as ChatModel;
    const error = await failure(wrong.complete(MESSAGES));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).toContain('Check the key in the server configuration');
  });

  test('an unknown model is a bad request carrying the server’s message', async () => {
    const other = createChatModel({ apiKey: KEY, url: fake.url, model: 'gpt-9' }) as ChatModel;
    const error = await failure(other.complete(MESSAGES));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('The model `gpt-9` does not exist');
  });

  test('insufficient_quota is quota; a 429 is rate limited with its Retry-After', async () => {
    fake.failNext(429, 'You exceeded your current quota', 'insufficient_quota');
    expect((await failure(model.complete(MESSAGES))).kind).toBe('quota');
    fake.failNext(429, 'Rate limit reached for requests');
    const limited = await failure(model.complete(MESSAGES));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 20 });
  });

  test.each([
    [500, 'unavailable'],
    [503, 'unavailable'],
    [400, 'bad_request'],
  ] as const)('HTTP %i becomes %s', async (status, kind) => {
    fake.failNext(status, `the model says ${status}`);
    const error = await failure(model.complete(MESSAGES));
    expect(error).toMatchObject({ provider: 'language model', kind });
    expect(error.message).toContain(`the model says ${status}`);
  });

  test('an empty reply is a bad answer; an unreachable server is unavailable; a slow one times out', async () => {
    fake.replyNext('   ');
    expect((await failure(model.complete(MESSAGES))).kind).toBe('bad_answer');

    const closed = await startFakeChatCompletions({ apiKey: KEY });
    await closed.close();
    const gone = createChatModel({ apiKey: KEY, url: closed.url, model: 'gpt-4o-mini' }) as ChatModel;
    expect((await failure(gone.complete(MESSAGES))).kind).toBe('unavailable');

    // A server that takes the request and never answers.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const impatient = createChatModel({ apiKey: KEY, url, model: 'gpt-4o-mini' }, 100) as ChatModel;
      const error = await failure(impatient.complete(MESSAGES));
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('did not answer within 0.1 s');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
