import { useAuthorizedImage } from '@/lib/useAuthorizedImage';

/** The first letters of a name's first and last words: 'Mark de Vries' → 'MV'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return (first + last).toUpperCase();
}

interface AvatarProps {
  name: string;
  /** The profile picture's address; the initials show while it loads, or when it fails. */
  picture?: string | null;
  className?: string;
}

/**
 * A round badge with the person's picture or initials; decorative, the name is always written
 * next to it.
 */
export function Avatar({ name, picture, className }: AvatarProps) {
  const src = useAuthorizedImage(picture);
  const classes = className ? `app-avatar ${className}` : 'app-avatar';
  if (src) return <img className={`${classes} app-avatar-picture`} src={src} alt="" />;
  return (
    <span className={classes} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
