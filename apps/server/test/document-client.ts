/**
 * A client of `/api/v1` for the integration tests, driven only by the OpenAPI document the
 * server serves (D72): requests and answers are validated against it.
 */
import type { v1Endpoints } from '@reelwright/core';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  requestBody?: { content: Record<string, { schema: object }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>>; components: object };
export type OperationName = keyof typeof v1Endpoints;

/**
 * A client of `/api/v1` that knows only the OpenAPI document the server serves: it finds each
 * operation there, checks what it sends against the request schema and every answer (status,
 * media type, body) against the response the document declares, with a JSON Schema 2020-12
 * validator reading the document's own components.
 */
export class DocumentClient {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

  constructor(
    private readonly app: TestApp['app'],
    private readonly document: OpenApi,
  ) {}

  private operation(name: OperationName): { path: string; method: string; op: Operation } {
    for (const [path, methods] of Object.entries(this.document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if ((op as { operationId?: string }).operationId === name) return { path, method, op };
      }
    }
    throw new Error(`the document has no operation ${name}`);
  }

  /** Checks `value` against the schema at `pointer`; its `$ref`s resolve into the document's components. */
  private check(pointer: string, value: unknown): string[] {
    const schema = pointer
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')],
        this.document,
      );
    if (!schema) throw new Error(`the document has no schema at ${pointer}`);
    const validate = this.ajv.compile({ ...(schema as object), components: this.document.components });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }

  /** Calls an operation; `body: invalid` is sent as it is, unchecked (to test refusals). */
  async call(
    name: OperationName,
    options: {
      key?: string;
      params?: Record<string, string | number>;
      body?: unknown;
      invalid?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const { path, method, op } = this.operation(name);
    const escaped = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
    const base = `/paths/${escaped(path)}/${method}`;
    if (op.requestBody && !options.invalid) {
      expect(this.check(`${base}/requestBody/content/application~1json/schema`, options.body), 'request').toEqual([]);
    }
    const url = path.replace(/\{(\w+)\}/g, (_, param: string) => String(options.params?.[param]));
    const res = await this.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    const declared = op.responses[String(res.statusCode)];
    expect(
      declared,
      `${name} answered ${res.statusCode}, which the document does not declare: ${res.body}`,
    ).toBeDefined();
    const [mediaType] = Object.keys(declared?.content ?? {});
    if (mediaType) {
      expect(res.headers['content-type']).toContain(mediaType);
      if (mediaType.endsWith('json')) {
        const where = `${base}/responses/${res.statusCode}/content/${escaped(mediaType)}/schema`;
        expect(this.check(where, res.json()), `${name} ${res.statusCode} ${res.body}`).toEqual([]);
      }
    }
    return res;
  }
}
