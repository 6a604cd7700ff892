import {RestEndpoint, type AnyRestGenerics} from '../src/index.js';

// The transforms of the specification (section 4.4), each a RestEndpoint subclass that
// overrides one step and calls super. Field deserialization needs no endpoint: an entity's
// `static schema = {updatedAt: Date, price: Decimal}` does it.

// --- key case conversion ------------------------------------------------------------------

export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map(item => convertKeys(item, convert));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[convert(key)] = convertKeys(item, convert);
  return out;
}
export const toSnake = (key: string) => key.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`);
export const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export class CaseConvertingEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override getRequestInit(body: any) {
    return super.getRequestInit(body === undefined ? body : convertKeys(body, toSnake));
  }
  override process(value: any, ...args: any[]) {
    return convertKeys(super.process(value, ...args), toCamel);
  }
}

// --- id missing from the response -----------------------------------------------------------

export class IdFromPathEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override process(value: any, ...args: any[]) {
    const [params] = args as [{id: string}];
    return {...super.process(value, ...args), id: String(params.id)};
  }
}

// --- response headers (cursor pagination) ---------------------------------------------------

export class LinkHeaderEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override async parseResponse(response: Response) {
    const results = await super.parseResponse(response);
    const link = response.headers.get('link');
    if (link || Array.isArray(results)) return {link, results};
    return results;
  }
}

// --- key rename -------------------------------------------------------------------------------

export class RenameEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override getRequestInit(body: any) {
    if (body && typeof body === 'object' && 'displayName' in body) {
      const {displayName, ...rest} = body as Record<string, unknown>;
      return super.getRequestInit({...rest, full_name: displayName});
    }
    return super.getRequestInit(body);
  }
  override process(value: any, ...args: any[]) {
    const out = super.process(value, ...args);
    if (out && typeof out === 'object' && 'full_name' in out) {
      const {full_name, ...rest} = out as Record<string, unknown>;
      return {...rest, displayName: full_name};
    }
    return out;
  }
}
