import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/ui/RequestFeedback';
import type { PDFDocumentProxy } from '@/documents/pdfRender';

/** Pages drawn at most: a longer file says so and offers the download for the rest. */
const PDF_MAX_PAGES = 30;

type PdfState =
  { status: 'loading' } | { status: 'failed' } | { status: 'succeeded'; pdf: PDFDocumentProxy };

interface PdfPagesProps {
  /** The file's address (carrying its access token). */
  url: string;
  /** The file's name: the title of the pages. */
  fileName: string;
  /** The file could not be read (perhaps its token ran out). */
  onFailed: () => void;
}

/**
 * A PDF drawn page by page on canvases with pdf.js, the same in every browser (a frame shows
 * nothing where the browser has no PDF viewer, as headless Chromium). pdf.js is loaded with the
 * first PDF shown, in a chunk of its own.
 */
export function PdfPages({ url, fileName, onFailed }: PdfPagesProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancel: (() => void) | undefined;
    let active = true;
    const failed = () => active && setState({ status: 'failed' });
    import('@/documents/pdfRender').then(({ openPdf }) => {
      if (!active) return;
      const task = openPdf(url);
      cancel = task.cancel;
      task.promise.then(
        (pdf) => active && setState({ status: 'succeeded', pdf }),
        () => {
          // The file could not be read: perhaps its token ran out.
          failed();
          if (active) onFailed();
        },
      );
    }, failed);
    return () => {
      active = false;
      cancel?.();
    };
  }, [url, onFailed]);

  const pdf = state.status === 'succeeded' ? state.pdf : null;
  const shown = pdf ? Math.min(pdf.numPages, PDF_MAX_PAGES) : 0;

  useEffect(() => {
    const container = stage.current;
    if (!pdf || !container) return;
    let active = true;
    void (async () => {
      const { renderPage } = await import('@/documents/pdfRender');
      const width = Math.max(200, container.clientWidth - 32);
      const canvases = container.querySelectorAll('canvas');
      for (const [index, canvas] of canvases.entries()) {
        if (!active) return;
        await renderPage(pdf, index + 1, canvas, width);
        canvas.dataset.rendered = 'true';
      }
    })();
    return () => {
      active = false;
    };
  }, [pdf]);

  return (
    <div
      ref={stage}
      className="documents-viewer-stage documents-pdf-pages"
      title={fileName}
      role="document"
      aria-label={fileName}
      tabIndex={0}
    >
      {state.status === 'loading' && <Loading label={t('pdfViewer.loading')} />}
      {state.status === 'failed' && (
        <p className="text-body-secondary my-4">{t('pdfViewer.failed')}</p>
      )}
      {Array.from({ length: shown }, (_, index) => (
        <canvas
          key={index}
          className="documents-pdf-page"
          role="img"
          aria-label={t('pdfViewer.page', {
            name: fileName,
            page: index + 1,
            count: pdf!.numPages,
          })}
        />
      ))}
      {pdf && pdf.numPages > shown && (
        <p className="text-body-secondary small text-center my-3">
          {t('pdfViewer.morePages', { shown, count: pdf.numPages })}
        </p>
      )}
    </div>
  );
}
