import { KNOWLEDGE_MESSAGES } from '@platform/contracts';
import mammoth from 'mammoth';
import Papa from 'papaparse';
import { PDFParse } from 'pdf-parse';
import { htmlText } from '../domain/html-text';

export const extensionOf = (fileName: string) => (/\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? '').toLowerCase();

/** The text of an uploaded file, parsed by its type; an error names what went wrong. */
export async function documentText(fileName: string, bytes: Buffer): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  const extension = extensionOf(fileName);
  try {
    switch (extension) {
      case 'pdf': {
        const parser = new PDFParse({ data: new Uint8Array(bytes) });
        try {
          return { ok: true, text: (await parser.getText()).text };
        } finally {
          await parser.destroy();
        }
      }
      case 'docx':
        return { ok: true, text: (await mammoth.extractRawText({ buffer: bytes })).value };
      case 'html':
      case 'htm':
        return { ok: true, text: htmlText(bytes.toString('utf8')).text };
      case 'csv': {
        // One paragraph per row, "column: value" pairs, so a chunk keeps a row's meaning.
        const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8'), { header: true, skipEmptyLines: true });
        const rows = parsed.data.map((row) =>
          Object.entries(row)
            .filter(([, value]) => value !== undefined && value !== '')
            .map(([column, value]) => `${column}: ${value}`)
            .join('; '),
        );
        return { ok: true, text: rows.join('\n\n') };
      }
      case 'txt':
      case 'md':
        return { ok: true, text: bytes.toString('utf8') };
      default:
        return { ok: false, reason: KNOWLEDGE_MESSAGES.unsupportedFile };
    }
  } catch (err) {
    return { ok: false, reason: `The file could not be read: ${(err as Error).message}` };
  }
}
