/**
 * The tab a key press in a tab list moves to (WAI-ARIA tabs with automatic
 * activation): ArrowRight / ArrowLeft wrap around, Home and End go to the
 * ends. Undefined for any other key.
 */
export function nextTab<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  const index = tabs.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return tabs[(index + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(index - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs[tabs.length - 1];
    default:
      return undefined;
  }
}
