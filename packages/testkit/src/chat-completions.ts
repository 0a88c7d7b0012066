import {
  type FakeAnswer,
  type FakeTtsVendor,
  headerOf,
  type RecordedTtsRequest,
  startFakeVendor,
  VendorRefusal,
} from './tts/fake-vendor';

/** A chat message as the API takes it. */
export type FakeChatMessage = { role: string; content: string };

export type FakeChatCompletions = FakeTtsVendor & {
  /** What the assistant answers next; by default `reply` of the options. */
  replyNext(content: string): void;
};

const ROLES = ['system', 'developer', 'user', 'assistant'];
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'requests',
  500: 'server_error',
};

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1, with `Authorization: Bearer
 * <key>`. The body is checked as OpenAI does (a known model, a non-empty `messages` array of
 * `{ role, content }`, temperature 0–2, a positive integer max_tokens) and errors are `{ error: {
 * message, type, param, code } }`. The assistant's reply is `reply(messages)` (by default it
 * echoes the last user message), in a `chat.completion` object with usage counted in words.
 */
export function startFakeChatCompletions(
  options: { apiKey?: string; models?: string[]; reply?: (messages: FakeChatMessage[]) => string } = {},
): Promise<FakeChatCompletions> {
  const apiKey = options.apiKey ?? 'sk-llm-test-key';
  const models = options.models ?? ['gpt-4o-mini'];
  const reply = options.reply ?? ((messages) => messages.findLast((m) => m.role === 'user')?.content ?? '');
  const queued: string[] = [];
  let answered = 0;

  function handle(request: RecordedTtsRequest): FakeAnswer {
    const authorization = headerOf(request, 'authorization');
    if (!authorization.startsWith('Bearer ')) {
      throw new VendorRefusal(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
    }
    const key = authorization.slice('Bearer '.length);
    if (key !== apiKey) {
      throw new VendorRefusal(
        401,
        `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}.`,
        'invalid_api_key',
      );
    }
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      throw new VendorRefusal(404, `Invalid URL (${request.method} ${request.path})`);
    }
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') throw invalid('We could not parse the JSON body of your request.', null);
    if (body.model === undefined) throw invalid("Missing required parameter: 'model'.", 'model');
    if (!models.includes(String(body.model))) {
      throw new VendorRefusal(404, `The model \`${String(body.model)}\` does not exist.`, 'model_not_found');
    }
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) {
      throw invalid("Invalid 'messages': empty array. Expected an array with minimum length 1.", 'messages');
    }
    messages.forEach((message, i) => {
      const { role, content } = (message ?? {}) as Record<string, unknown>;
      if (!ROLES.includes(String(role))) throw invalid(`Invalid value: '${String(role)}'.`, `messages[${i}].role`);
      if (typeof content !== 'string') throw invalid(`Invalid type for 'messages[${i}].content'.`, `messages[${i}]`);
    });
    const { temperature, max_tokens: maxTokens } = body;
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
      throw invalid("Invalid 'temperature': expected a number between 0 and 2.", 'temperature');
    }
    if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && (maxTokens as number) > 0)) {
      throw invalid("Invalid 'max_tokens': expected a positive integer.", 'max_tokens');
    }
    const chat = messages as FakeChatMessage[];
    const content = queued.shift() ?? reply(chat);
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const promptTokens = chat.reduce((sum, m) => sum + words(m.content), 0);
    return {
      status: 200,
      body: {
        id: `chatcmpl-fake${++answered}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: words(content),
          total_tokens: promptTokens + words(content),
        },
      },
    };
  }

  return startFakeVendor({
    handle,
    errorAnswer: ({ status, message, code, extra }) => ({
      status,
      ...(status === 429 ? { headers: { 'Retry-After': '20' } } : {}),
      body: {
        error: {
          message,
          type: code === 'insufficient_quota' ? 'insufficient_quota' : (ERROR_TYPES[status] ?? 'server_error'),
          param: extra.param ?? null,
          code: code ?? null,
        },
      },
    }),
  }).then((vendor) => ({
    ...vendor,
    replyNext(content: string) {
      queued.push(content);
    },
  }));
}

/** A 400 naming the parameter at fault, as OpenAI's `param`. */
function invalid(message: string, param: string | null): VendorRefusal {
  return new VendorRefusal(400, message, undefined, { param });
}
