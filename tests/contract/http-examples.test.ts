import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  validateAvailabilityRequest,
  validateAvailabilityResponse,
  validateCallbackRequest,
  validateCountryData,
  validateLeadRequest,
} from '../../generated/widget-http.validators.js';
import { openapi, readJson } from '../support/specs.js';

const doc = openapi();
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(readJson('generated/widget-http.schema.json'));

/** An inline OpenAPI schema, with its refs pointed into the generated JSON Schema. */
function compile(schema: unknown) {
  const text = JSON.stringify(schema).replaceAll('#/components/schemas/', 'widget-http.schema.json#/$defs/');
  return ajv.compile(JSON.parse(text));
}

interface Case {
  where: string;
  schema: unknown;
  value: unknown;
}

function examplesOf(where: string, media: Record<string, any> | undefined): Case[] {
  const cases: Case[] = [];
  for (const [type, content] of Object.entries(media ?? {})) {
    for (const [name, example] of Object.entries((content.examples ?? {}) as Record<string, any>)) {
      cases.push({ where: `${where} ${type} example "${name}"`, schema: content.schema, value: example.value });
    }
  }
  return cases;
}

const cases: Case[] = [];
const operations: string[] = [];
for (const [route, item] of Object.entries(doc.paths as Record<string, any>)) {
  for (const [verb, op] of Object.entries(item as Record<string, any>)) {
    operations.push(`${verb.toUpperCase()} ${route}`);
    for (const parameter of op.parameters ?? []) {
      if ('example' in parameter) {
        cases.push({
          where: `${verb} ${route} parameter ${parameter.name}`,
          schema: parameter.schema,
          value: parameter.example,
        });
      }
    }
    cases.push(...examplesOf(`${verb} ${route} request`, op.requestBody?.content));
    for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
      cases.push(...examplesOf(`${verb} ${route} ${status}`, response.content));
    }
  }
}

describe('every example in the OpenAPI document validates against its schema', () => {
  it.each(cases.map((c) => [c.where, c] as const))('%s', (_where, c) => {
    const validate = compile(c.schema);
    expect(validate(c.value), JSON.stringify(validate.errors)).toBe(true);
  });

  it('every operation has a request or response example', () => {
    for (const operation of operations) {
      const [verb, route] = operation.split(' ') as [string, string];
      expect(
        cases.some((c) => c.where.startsWith(`${verb.toLowerCase()} ${route} `)),
        operation,
      ).toBe(true);
    }
  });
});

describe('the generated REST validators', () => {
  const callback = () =>
    doc.paths['/cua-api/forms/callback'].post.requestBody.content['application/json'].examples.callback.value;

  it('accept the spec examples', () => {
    expect(validateCallbackRequest(callback())).toBe(true);
    expect(validateAvailabilityResponse({ success: true, extra: 'tolerated' })).toBe(true);
    expect(
      validateAvailabilityRequest({
        locale: 'en-us',
        chatLiteFlag: 'false',
        triagePreChat: 'false',
        hideOnMobiles: 'false',
        ifEnergyPage: 'false',
        campaign: 'x',
      }),
    ).toBe(true);
    expect(validateCountryData({ provinceList: [], cityList: {} })).toBe(true);
  });

  it('reject a callback with another formId, naming the pointer', () => {
    expect(validateCallbackRequest({ ...callback(), formId: '180' })).toBe(false);
    expect(validateCallbackRequest.errors?.[0]?.instancePath).toBe('/formId');
  });

  it('reject a phone without its country', () => {
    const body = callback();
    body.formData.fields[3].value = { code: '1', number: '2025550143' };
    expect(validateCallbackRequest(body)).toBe(false);
  });

  it('reject metrics that are numbers instead of strings', () => {
    const answer = {
      success: true,
      ccPrerequisite: { serviceMetricsResponseMap: { '1': { metrics: { EWT: 30, ResourceStaffedCount: '3' } } } },
    };
    expect(validateAvailabilityResponse(answer)).toBe(false);
    expect(validateAvailabilityResponse.errors?.[0]?.instancePath).toBe(
      '/ccPrerequisite/serviceMetricsResponseMap/1/metrics/EWT',
    );
  });

  it('reject a lead without its contextID', () => {
    const lead = {
      ...doc.paths['/cua-api/forms/lead'].post.requestBody.content['application/json'].examples.lead.value,
    };
    delete lead.contextID;
    expect(validateLeadRequest(lead)).toBe(false);
  });
});
