/** Cosine similarity of two vectors of one dimension (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The vector scaled to length 1 (a copy); all zeros stays all zeros. */
export function normalized(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector as ArrayLike<number>);
  let norm = 0;
  for (let i = 0; i < out.length; i += 1) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm);
  if (norm) for (let i = 0; i < out.length; i += 1) out[i]! /= norm;
  return out;
}

/**
 * The `k` best scores of `count` items above `minScore`, best first. A bounded insertion list
 * keeps it O(count · k) without sorting every score (k is small: vg_kbTopChunks).
 */
export function topK(count: number, score: (index: number) => number, k: number, minScore: number): Array<{ index: number; score: number }> {
  const best: Array<{ index: number; score: number }> = [];
  if (k <= 0) return best;
  for (let index = 0; index < count; index += 1) {
    const value = score(index);
    if (value <= minScore) continue;
    if (best.length === k && value <= best[k - 1]!.score) continue;
    let at = best.length < k ? best.length : k - 1;
    while (at > 0 && best[at - 1]!.score < value) at -= 1;
    best.splice(at, 0, { index, score: value });
    if (best.length > k) best.pop();
  }
  return best;
}
