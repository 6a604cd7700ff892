/** A one-line, human message for an error of any type (rendered as text). */
export function errorMessage(error: unknown): string {
  if (error === undefined || error === null) return '';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
