/**
 * Runs `run` in a task after the page's `load` event (at once in a task when
 * it already fired; right away where there is no page, as in Node): by
 * then every script the page loads up front, `async` ones included, ran.
 *
 * @example
 * ```ts
 * afterPageLoad(() => {
 *   if (!customElements.get('data-provider')) console.warn('the elements were not loaded');
 * });
 * ```
 */
export function afterPageLoad(run: () => void): void {
  if (typeof window === 'undefined' || typeof document === 'undefined' || typeof window.addEventListener !== 'function') {
    run();
    return;
  }
  const later = () => setTimeout(run, 0);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, {once: true});
}
