/** The first letters of a name's first and last words: 'Mark de Vries' → 'MV'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** A round badge with the person's initials; decorative, the name is always written next to it. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="app-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
