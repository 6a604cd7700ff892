import {closestName, devLog} from '../src/dev/index.js';
import {describeElement} from './attribute-error.js';

/** Names a template may read that are not model fields. */
const ALWAYS_THERE = new Set(['this']);

const reported = new WeakMap<Element, Set<string>>();

/**
 * Development mode: the model wrapped so that a template expression reading
 * a name the model does not have (`{{ itmes }}`) is reported once per
 * element and name, with a "did you mean" when a model name is close. The
 * names a template defines itself (`item`, `index` in a repeat) live on
 * scopes in front of this one, so they never reach it.
 */
export function checkedModel(host: Element, model: object): object {
  return new Proxy(model, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target) && !ALWAYS_THERE.has(key)) report(host, key, target);
      return Reflect.get(target, key, receiver);
    },
  });
}

function report(host: Element, name: string, model: object): void {
  let seen = reported.get(host);
  if (seen?.has(name)) return;
  if (!seen) reported.set(host, (seen = new Set()));
  seen.add(name);
  const names = Object.keys(model);
  const suggestion = closestName(name, names);
  devLog(
    'warn',
    `${describeElement(host)}: its template reads "${name}", which the model does not have` +
      `${suggestion ? `: did you mean "${suggestion}"?` : ''} (the model has: ${names.join(', ')})`,
    host,
  );
}
