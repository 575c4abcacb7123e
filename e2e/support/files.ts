import sharp from 'sharp';
import { minimalPdf } from '../../server/src/testing/minimal-pdf';

/** A file as Playwright's setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A photo-like JPEG: a sky, a field and a building, drawn from SVG. */
export function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b82c4"/><stop offset="1" stop-color="#cfe6f7"/></linearGradient></defs>
    <rect width="960" height="640" fill="url(#sky)"/>
    <rect y="420" width="960" height="220" fill="#5d8a3a"/>
    <rect x="260" y="250" width="440" height="200" fill="#b5452f"/>
    <polygon points="240,250 480,150 720,250" fill="#7a2e20"/>
    <rect x="430" y="350" width="100" height="100" fill="#3a2a20"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A one-page PDF saying `text`, named `name`. */
export const pdfFile = (name: string, text: string): UploadFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: minimalPdf(text),
});
