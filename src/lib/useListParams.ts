import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The query of a list screen lives in the address, so it survives reloads and Back. This sets
 * parameters (null removes one), as a new history entry.
 */
export function useSetListParams() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setParams],
  );
}

/**
 * A search box bound to the address parameter `name`: what is typed shows at once, the address
 * follows `delayMs` after the typing stops (back to the first page); when the address changes by
 * other means (Back, a link) the box shows its value.
 */
export function useDebouncedSearchParam(name: string, delayMs: number) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set(name, text);
          else next.delete(name);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, value, name, delayMs, setParams]);
  return [text, setText] as const;
}

/** The zero-based page an address asks for (`?page=` counts from 1; anything odd is the first). */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(page) && page > 0 ? page - 1 : 0;
}

/** The `?page=` value for a zero-based page: none for the first. */
export const pageParam = (page: number) => (page === 0 ? null : String(page + 1));
