// pdf.js, in a chunk of its own: imported only when the viewer shows a PDF (issue 18, point 13).
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens the PDF at `url` (a same-origin address that carries its access token). */
export function openPdf(url: string): { promise: Promise<PDFDocumentProxy>; cancel: () => void } {
  // No eval: the app's Content-Security-Policy allows no inline or evaluated script.
  const task = getDocument({ url, isEvalSupported: false });
  return { promise: task.promise, cancel: () => void task.destroy() };
}

/** Draws page `number` (1-based) of `pdf` on `canvas`, `cssWidth` pixels wide, sharp on HiDPI. */
export async function renderPage(
  pdf: PDFDocumentProxy,
  number: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<void> {
  const page = await pdf.getPage(number);
  const base = page.getViewport({ scale: 1 });
  const scale = cssWidth / base.width;
  const pixelRatio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * pixelRatio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
  await page.render({ canvas, viewport }).promise;
}

export type { PDFDocumentProxy };
