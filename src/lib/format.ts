type NamePart = string | null | undefined;

const joinName = (...parts: NamePart[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * A person's name for display: the first of the candidates that yields anything, each being
 * a [first, last] pair or a single value (a username).
 */
export function personName(...candidates: (readonly [NamePart, NamePart] | NamePart)[]): string {
  for (const candidate of candidates) {
    const name = Array.isArray(candidate)
      ? joinName(...candidate)
      : joinName(candidate as NamePart);
    if (name) return name;
  }
  return '';
}
