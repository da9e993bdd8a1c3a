/**
 * Fills {{templates}} in scenario frames with session values. A string that is exactly one
 * template becomes the raw value (so "{{guid}}" stays an integer and "{{now}}" a number).
 */
import { escapePointerToken } from '../../contract/frame-check.js';
export interface TemplateValues {
  guid: number;
  authenticationKey: string;
  workRequestId: string;
  /** The customer's first name from requestChat intrinsics.name. */
  customerName: string;
  /** The text of the customer's latest newMessage. */
  lastMessage: string;
  now: () => number;
  uuid: () => string;
  /** This server as the client reached it (http://host:port): file addresses, pushed pages. */
  serverUrl: string;
}

export const TEMPLATE_NAMES = [
  'guid',
  'authenticationKey',
  'workRequestId',
  'customerName',
  'lastMessage',
  'now',
  'nowSeconds',
  'uuid',
  'serverUrl',
] as const;

const TEMPLATE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z]+)\s*\}\}$/;

function lookup(name: string, values: TemplateValues): unknown {
  switch (name) {
    case 'now':
      return values.now();
    case 'nowSeconds':
      return Math.floor(values.now() / 1000);
    case 'uuid':
      return values.uuid();
    case 'guid':
    case 'authenticationKey':
    case 'workRequestId':
    case 'customerName':
    case 'lastMessage':
    case 'serverUrl':
      return values[name];
    default:
      return `{{${name}}}`;
  }
}

export function fillTemplates<T>(value: T, values: TemplateValues): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(whole[1] as string, values) as T;
    if (!value.includes('{{')) return value;
    return value.replace(TEMPLATE, (_, name: string) => String(lookup(name, values))) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplates(item, values)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillTemplates(item, values);
    return out as T;
  }
  return value;
}

/** Template names used in value that the server does not know, with their JSON pointers. */
export function unknownTemplates(value: unknown, pointer = ''): { pointer: string; name: string }[] {
  if (typeof value === 'string') {
    const found: { pointer: string; name: string }[] = [];
    for (const match of value.matchAll(TEMPLATE)) {
      const name = match[1] as string;
      if (!(TEMPLATE_NAMES as readonly string[]).includes(name)) found.push({ pointer, name });
    }
    return found;
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      unknownTemplates(item, `${pointer}/${escapePointerToken(key)}`),
    );
  }
  return [];
}

/** Sample values used to check a scenario's frames against the contract at load time. */
export const SAMPLE_VALUES: TemplateValues = {
  guid: 482913,
  authenticationKey: '6f1c2a9e-3d4b-4c8e-9a71-0b5e2f7d8c13',
  workRequestId: '00A1B2C3D4E5F60718293A4B5C6D7E8F',
  customerName: 'Ada',
  lastMessage: 'Can I book a test drive this Saturday?',
  now: () => 1795290000000,
  uuid: () => '3b7f0c62-5a0e-4f4e-8d0b-7d5f0e1c9a24',
  serverUrl: 'http://127.0.0.1:8080',
};
