import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';

/** An address of our own API: <img> would load it without the bearer token it needs. */
function isApiPath(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin && parsed.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * An image address an <img> can use. An /api address is loaded through the API client (with
 * the bearer token) into an object URL, revoked when the address changes or the component
 * goes; null while it loads or when it cannot be loaded, so the caller shows its fallback.
 * Any other address is used as it is.
 */
export function useAuthorizedImage(url: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ url: string; src: string | null } | null>(null);
  const needsToken = !!url && isApiPath(url);

  useEffect(() => {
    if (!url || !needsToken) return;
    let active = true;
    let objectUrl: string | null = null;
    // No abort signal: the sidebar and the topbar ask for the same picture and share one call.
    // Bytes rather than a Blob answer: the same in browsers, and test doubles of XHR cope.
    apiClient
      .get<ArrayBuffer>(url, { responseType: 'arraybuffer', skipErrorNotice: true })
      .then(({ data, headers }) => {
        if (!active) return;
        const type = String(headers['content-type'] ?? '');
        objectUrl = URL.createObjectURL(new Blob([data], { type }));
        setLoaded({ url, src: objectUrl });
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.warn(`The image ${url} could not be loaded:`, error);
        setLoaded({ url, src: null });
      });
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, needsToken]);

  if (!url) return null;
  if (!needsToken) return url;
  return loaded?.url === url ? loaded.src : null;
}
