// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UnsupportedRequest } from '../../src/core/model.ts';
import { parseSuspension } from '../../src/core/parse/index.ts';
import { englishMessages } from '../../src/i18n/messages.ts';

function only(wire: unknown): UnsupportedRequest {
  const [request, ...rest] = parseSuspension(wire).requests;
  if (request?.kind !== 'unsupported' || rest.length > 0) {
    throw new Error(`expected one unsupported request, got ${JSON.stringify(request)}`);
  }
  return request;
}

const ask = (params: Record<string, unknown>) => ({
  resultType: 'input_required',
  inputRequests: {
    upload: { method: 'elicitation/create', params: { message: 'Send the report', ...params } },
  },
});

describe('file fields (SEP-2356 / SEP-2631 draft) are recognised, never a text box', () => {
  it('refuses a string property marked x-mcp-file with reason "file", keeping its descriptor', () => {
    const request = only(
      ask({
        requestedSchema: {
          type: 'object',
          properties: {
            note: { type: 'string', title: 'Note' },
            report: {
              type: 'string',
              format: 'uri',
              title: 'Report',
              description: 'The PDF to analyse',
              'x-mcp-file': { accept: ['application/pdf', '.pdf'], maxSize: 10_485_760 },
            },
          },
          required: ['report'],
        },
      }),
    );
    expect(request).toMatchObject({
      key: 'upload',
      method: 'elicitation/create',
      message: 'Send the report',
      reasonCode: 'file',
      files: [
        {
          kind: 'file',
          name: 'report',
          index: 1,
          title: 'Report',
          description: 'The PDF to analyse',
          required: true,
          multiple: false,
          accept: ['application/pdf', '.pdf'],
          maxSize: 10_485_760,
        },
      ],
    });
    expect(request.problems).toEqual([
      {
        path: '/params/requestedSchema/properties/report',
        message: expect.stringMatching(/"report" asks for a file \(x-mcp-file\)/),
      },
    ]);
    expect(englishMessages.unsupportedReason(request)).toBe(
      'This form asks for a file, which this app cannot send. You can decline or cancel.',
    );
  });

  it('refuses an array of files (the marker on items) and keeps only file problems about it', () => {
    const request = only(
      ask({
        requestedSchema: {
          type: 'object',
          properties: {
            photos: {
              type: 'array',
              items: { type: 'string', format: 'uri', 'x-mcp-file': { accept: ['image/*'] } },
              maxItems: 3,
            },
          },
        },
      }),
    );
    expect(request.reasonCode).toBe('file');
    expect(request.files).toEqual([
      { kind: 'file', name: 'photos', index: 0, required: false, multiple: true, accept: ['image/*'] },
    ]);
    // The analyzer would refuse "x-mcp-file" inside items; that is the same fact said worse.
    expect(request.problems.map((problem) => problem.path)).toEqual([
      '/params/requestedSchema/properties/photos',
    ]);
  });

  it('recognises the requestedFiles sidecar, in params and in _meta', () => {
    const schema = {
      type: 'object',
      properties: { document: { type: 'string', format: 'uri' }, name: { type: 'string' } },
    };
    const fromParams = only(ask({ requestedSchema: schema, requestedFiles: { document: { maxSize: 5 } } }));
    expect(fromParams).toMatchObject({
      reasonCode: 'file',
      files: [{ name: 'document', multiple: false, maxSize: 5 }],
    });
    const fromMeta = only(
      ask({
        requestedSchema: schema,
        _meta: {
          'modelcontextprotocol.io/requestedFiles': { document: { accept: ['text/plain'], maxFileSize: 9 } },
        },
      }),
    );
    expect(fromMeta).toMatchObject({
      reasonCode: 'file',
      files: [{ name: 'document', accept: ['text/plain'], maxSize: 9 }],
    });
  });

  it('recognises files in every dialect that carries a form, and a lone elicitation', () => {
    const params = {
      message: 'Upload',
      requestedSchema: { type: 'object', properties: { f: { type: 'string', 'x-mcp-file': {} } } },
    };
    expect(only({ method: 'elicitation/create', params }).reasonCode).toBe('file');
    expect(only(params).reasonCode).toBe('file');
    expect(
      only({ type: 'mcp-input-request', requests: [{ key: 'k', method: 'elicitation/create', params }] })
        .reasonCode,
    ).toBe('file');
    expect(
      only({
        taskId: 't',
        status: 'input_required',
        inputRequests: { k: { method: 'elicitation/create', params } },
      }).reasonCode,
    ).toBe('file');
  });

  it('leaves a plain URI field a URL field, and ignores a sidecar naming no property', () => {
    const [request] = parseSuspension(
      ask({
        requestedSchema: { type: 'object', properties: { site: { type: 'string', format: 'uri' } } },
        requestedFiles: { missing: {} },
      }),
    ).requests;
    expect(request).toMatchObject({ kind: 'form', fields: [{ name: 'site', kind: 'url' }] });
  });
});
