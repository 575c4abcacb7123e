import { personName } from '@/lib/format';

interface ContactLike {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/**
 * SPEC section 3: a contact is shown by first plus last name, else by e-mail; null when it has
 * neither (the screen shows 'No contact', translated).
 */
export function contactDisplayName(contact: ContactLike | null | undefined): string | null {
  if (!contact) return null;
  return personName([contact.firstName, contact.lastName], contact.email) || null;
}
