/**
 * Splits a text into chunks of at most `maxChunkSize` characters, cutting at paragraph, then
 * sentence, then word boundaries, so a chunk reads as a whole thought. Whitespace is folded.
 */
export function chunkText(text: string, maxChunkSize: number): string[] {
  const size = Math.max(1, Math.floor(maxChunkSize));
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current) chunks.push(current);
    current = '';
  };
  const add = (piece: string, separator: string) => {
    if (!current) current = piece;
    else if (current.length + separator.length + piece.length <= size) current += separator + piece;
    else {
      flush();
      current = piece;
    }
  };
  for (const paragraph of paragraphs) {
    if (paragraph.length <= size) {
      add(paragraph, '\n\n');
      continue;
    }
    for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
      if (sentence.length <= size) add(sentence, ' ');
      else for (const piece of splitLong(sentence, size)) add(piece, ' ');
    }
  }
  flush();
  return chunks;
}

/** A sentence longer than a chunk: cut at the last space before the limit, else hard. */
function splitLong(sentence: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size);
    const cut = space > size / 2 ? space : size;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
