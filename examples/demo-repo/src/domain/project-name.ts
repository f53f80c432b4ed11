// The name rules of a project (REQ-01 § Name rules), shared by the API and the web app.
// docugraph: implements REQ-01

/** The name as stored: trimmed, inner whitespace collapsed, NFC. */
export function normaliseName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').normalize('NFC');
}

/** Why a normalised name is not a valid name, or `null` when it is one. */
export function nameProblem(name: string): string | null {
  const length = [...name].length;
  if (length === 0) return 'the name is required';
  if (length > 80) return 'the name is at most 80 characters long';
  if (/\p{Cc}/u.test(name)) return 'the name must not contain control characters';
  if (!/[\p{L}\p{N}]/u.test(name)) return 'the name must contain a letter or a digit';
  return null;
}

/** The key two names clash on within a team (REQ-01 § Uniqueness). */
export function uniquenessKey(name: string): string {
  return normaliseName(name).toLowerCase();
}
