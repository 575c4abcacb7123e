import { useCallback, useRef, useState } from 'react';
import type { Document, DocumentAccessToken } from '@common/documents';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { renewDocumentToken, selectDocumentById } from '@/documents/documentsSlice';

/** Renew a token that runs out within this margin: an <iframe> may take a while to load. */
const MARGIN_MS = 30_000;

/** Whether an access token (by its accessTokenExpiresAt) has run out, or is about to. */
export function tokenExpiring(expiresAt: string, now: number = Date.now()): boolean {
  const time = Date.parse(expiresAt);
  return Number.isNaN(time) || time - now < MARGIN_MS;
}

/**
 * The freshest copy of a document (the store's when it has one) and `renew()`, which asks for
 * a new access token (POST .../token) when an image or frame failed because the old one ran
 * out. It renews once per mount: a file that fails with a fresh token is not retried forever.
 * `renew()` answers false when it did nothing.
 */
export function useFreshDocument(document: Document) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => selectDocumentById(state, document.id));
  const [renewed, setRenewed] = useState<(DocumentAccessToken & { id: number }) | null>(null);
  const renewedOnce = useRef(false);

  const base = stored ?? document;
  const current =
    renewed && renewed.id === base.id && renewed.expiresAt > base.accessTokenExpiresAt
      ? { ...base, accessToken: renewed.token, accessTokenExpiresAt: renewed.expiresAt }
      : base;

  const id = current.id;
  const renew = useCallback(() => {
    if (renewedOnce.current) return false;
    renewedOnce.current = true;
    dispatch(renewDocumentToken(id))
      .unwrap()
      .then(setRenewed)
      .catch((error: unknown) => console.warn(`No new token for document ${id}:`, error));
    return true;
  }, [dispatch, id]);

  return { document: current, renew };
}
