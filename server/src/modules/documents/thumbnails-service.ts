import { ACCEPTED_CONTENT_TYPES } from '#common/documents.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { DocumentRow } from '#server/db/schema/documents.js';
import { NotFoundError } from '#server/errors.js';
import { ObjectNotFoundError, type DocumentStore } from '#server/storage/storage.js';
import { openObject } from '#server/storage/delivery.js';
import type { ThumbnailFit, ThumbnailFormat } from './types.js';

/** Documents whose first page or picture the thumbnail call can draw. */
export const hasThumbnail = (contentType: string): boolean =>
  (ACCEPTED_CONTENT_TYPES as readonly string[]).includes(contentType);

export interface ThumbnailRequest {
  format: ThumbnailFormat;
  width: number;
  height: number;
  fit: ThumbnailFit;
}

export interface Thumbnail {
  body: Readable | Buffer;
  size: number;
  contentType: string;
  cache: 'hit' | 'miss';
}

/** A rendered PDF page is never larger than this on either side, whatever the page size. */
const MAX_RENDER_SIDE = 2048;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * How thumbnails are drawn, in the cache key and the ETag: raise it whenever the drawing
 * changes, so that neither the store nor a browser serves a variant drawn the old way.
 * 2: a PDF's page is cropped from the top and on white (issue 14).
 */
const RENDERING = 2;

export const thumbnailKey = (row: DocumentRow, request: ThumbnailRequest) =>
  `thumbnails/${row.uuid}/r${RENDERING}/${request.width}x${request.height}-${request.fit}.${request.format}`;

/**
 * Strong, since a cached thumbnail's bytes never change: the document's hash, the drawing and
 * the variant.
 */
export const thumbnailEtag = (row: DocumentRow, request: ThumbnailRequest) =>
  `"${row.sha256.slice(0, 32)}-r${RENDERING}-${request.width}x${request.height}-${request.fit}-${request.format}"`;

const contentTypeOf = (format: ThumbnailFormat) => `image/${format}`;

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface NodeCanvas {
  toBuffer(type: 'image/png'): Buffer;
}

/** Draws the first page of a PDF as a PNG, about as large as `request` needs. */
async function renderFirstPage(data: Buffer, request: ThumbnailRequest): Promise<Buffer> {
  // Loaded on first use: pdf.js is large and most processes never draw a PDF.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    isEvalSupported: false,
    // Fonts a PDF names without embedding them (Helvetica, Times...) and CJK character maps.
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${pdfjsRoot}/wasm/`,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const covering = ['cover', 'outside', 'fill'].includes(request.fit);
    const scales = [request.width / natural.width, request.height / natural.height];
    let scale = covering ? Math.max(...scales) : Math.min(...scales);
    scale = Math.min(scale, MAX_RENDER_SIDE / Math.max(natural.width, natural.height));
    const viewport = page.getViewport({ scale });
    const factory = document.canvasFactory as {
      create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
    };
    const { canvas, context } = factory.create(
      Math.max(1, Math.ceil(viewport.width)),
      Math.max(1, Math.ceil(viewport.height)),
    );
    await page.render({
      canvasContext: context as never,
      canvas: canvas as never,
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await task.destroy();
  }
}

/**
 * The sharp pipeline that turns a picture into the requested thumbnail. A PDF's page is paper:
 * cropped from its top, where its title is, and white (never transparent, which a dark theme
 * would show as a black page with black text).
 */
function shaper(request: ThumbnailRequest, input?: Buffer, page = false) {
  const opaque = page || request.format === 'jpeg';
  const background = opaque ? '#ffffff' : { r: 255, g: 255, b: 255, alpha: 0 };
  let image = (input ? sharp(input, { failOn: 'error' }) : sharp({ failOn: 'error' }))
    .rotate()
    .resize(request.width, request.height, {
      fit: request.fit,
      background,
      position: page ? 'top' : 'centre',
    });
  if (opaque) image = image.flatten({ background: '#ffffff' });
  if (request.format === 'webp') return image.webp({ quality: 80 });
  if (request.format === 'png') return image.png();
  return image.jpeg({ quality: 82, mozjpeg: true });
}

/**
 * Thumbnails of images (through sharp, turned upright by their EXIF orientation) and of a PDF's
 * first page (drawn by pdf.js), cached in the store under
 * `thumbnails/{documentUuid}/r{RENDERING}/{w}x{h}-{fit}.{format}` so each variant is drawn once.
 */
export function createThumbnails(store: DocumentStore, log: FastifyBaseLogger) {
  async function render(row: DocumentRow, request: ThumbnailRequest): Promise<Buffer> {
    const { body } = await openObject(store, log, row);
    if (row.contentType === 'application/pdf') {
      const page = await renderFirstPage(await toBuffer(body), request);
      return shaper(request, page, true).toBuffer();
    }
    const image = shaper(request);
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    body.pipe(image);
    try {
      return await Promise.race([image.toBuffer(), failed]);
    } finally {
      body.destroy();
    }
  }

  return {
    async get(row: DocumentRow, request: ThumbnailRequest): Promise<Thumbnail> {
      if (!hasThumbnail(row.contentType)) {
        throw new NotFoundError(
          `Document ${row.id} has no thumbnail: it is not an image or a PDF.`,
        );
      }
      const key = thumbnailKey(row, request);
      const contentType = contentTypeOf(request.format);
      try {
        const cached = await store.get(key);
        return { body: cached.body, size: cached.size, contentType, cache: 'hit' };
      } catch (error) {
        if (!(error instanceof ObjectNotFoundError)) throw error;
      }

      let image: Buffer;
      try {
        image = await render(row, request);
      } catch (error) {
        if (error instanceof NotFoundError) throw error;
        log.warn({ documentId: row.id, reason: (error as Error).message }, 'thumbnail failed');
        throw new NotFoundError(
          `No thumbnail can be made of document ${row.id}: its file could not be read as an image or PDF.`,
        );
      }
      try {
        await store.put(key, Readable.from([image]), contentType);
      } catch (error) {
        // The thumbnail is still good; the next request draws it again.
        log.warn({ documentId: row.id, reason: (error as Error).message }, 'thumbnail not cached');
      }
      return { body: image, size: image.length, contentType, cache: 'miss' };
    },
  };
}

export type Thumbnails = ReturnType<typeof createThumbnails>;
