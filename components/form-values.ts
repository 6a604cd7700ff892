type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

/** Input types that carry no value of their own in a JSON body. */
const SKIPPED_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/**
 * Reads a form as a JSON object, converting values sensibly:
 *
 * - a checkbox is `true`/`false` (its `checked`), unless several
 *   checkboxes share its name: then the list of the checked ones' values;
 * - `type="number"` and `type="range"` give numbers (`null` when empty);
 * - a radio group gives the checked value (absent when none is checked);
 * - `<select multiple>` gives the list of selected values;
 * - everything else gives its string value;
 * - `data-type="number"`, `"boolean"` or `"string"` on a field forces that
 *   type (`"boolean"`: `true`, `on`, `1` and `yes` are true);
 * - disabled fields, fields without a name, file inputs and buttons are
 *   skipped, except the button that submitted the form, when it has a name.
 *
 * @example
 * ```ts
 * // <input name="title" value="Buy milk"> <input name="done" type="checkbox" checked> <input name="n" type="number" value="2">
 * formValues(form); // {title: 'Buy milk', done: true, n: 2}
 * ```
 */
export function formValues(form: HTMLFormElement, submitter?: HTMLElement | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => Object.defineProperty(values, name, {value, enumerable: true, writable: true, configurable: true});
  const fields = [...form.elements].filter(
    (el): el is Field =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement) &&
      el.name !== '',
  );
  const checkboxCount = new Map<string, number>();
  for (const field of fields) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') checkboxCount.set(field.name, (checkboxCount.get(field.name) ?? 0) + 1);
  }
  for (const field of fields) {
    if (field.disabled || field.matches(':disabled')) continue;
    const {name} = field;
    if (field instanceof HTMLButtonElement) continue;
    if (field instanceof HTMLSelectElement) {
      set(name, field.multiple ? [...field.selectedOptions].map(o => convert(field, o.value)) : convert(field, field.value));
      continue;
    }
    if (field instanceof HTMLInputElement) {
      const type = field.type;
      if (SKIPPED_TYPES.has(type)) continue;
      if (type === 'checkbox') {
        if ((checkboxCount.get(name) ?? 0) > 1) {
          const list = (values[name] as unknown[] | undefined) ?? [];
          if (field.checked) list.push(convert(field, field.value));
          set(name, list);
        } else {
          set(name, field.dataset['type'] ? convert(field, field.checked ? field.value : '') : field.checked);
        }
        continue;
      }
      if (type === 'radio') {
        if (field.checked) set(name, convert(field, field.value));
        continue;
      }
      if ((type === 'number' || type === 'range') && !field.dataset['type']) {
        set(name, field.value === '' ? null : Number(field.value));
        continue;
      }
    }
    set(name, convert(field, field.value));
  }
  if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) {
    set(submitter.name, convert(submitter, submitter.value));
  }
  return values;
}

/** Applies a field's `data-type` to a string value. */
function convert(field: HTMLElement, value: string): unknown {
  switch (field.dataset['type']) {
    case 'number':
      return value.trim() === '' ? null : Number(value);
    case 'boolean':
      return ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
    default:
      return value;
  }
}
