import type {DehydratedState} from './dehydrated-state.js';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The snapshot as JSON text that is safe inside an HTML
 * `<script type="application/json">` element: `<`, `>` and `&` are written
 * as JSON escapes, so data holding `</script>` or `<!--` cannot end the
 * element or open markup; `JSON.parse` gives the same value back.
 *
 * @example
 * ```ts
 * const page = `<data-provider>
 *   <script type="application/json">${serializeForScript(dehydrate(controller))}</script>
 *   <article-list></article-list>
 * </data-provider>`;
 * ```
 */
export function serializeForScript(state: DehydratedState): string {
  return JSON.stringify(state).replace(UNSAFE_IN_SCRIPT, char => ESCAPES[char]!);
}
