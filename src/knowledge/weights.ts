/**
 * The ranking weight matrix as `knowledge/ranker.json` stores it: signed bytes, base64. A byte a
 * weight loses nothing the cross-validation can see against two, and a smaller file keeps the
 * bot's resident memory down.
 */

export function encodeWeights(weights: Int8Array): string {
  const bytes = Buffer.alloc(weights.length);
  for (let i = 0; i < weights.length; i++) bytes.writeInt8(weights[i]!, i);
  return bytes.toString("base64");
}

export function decodeWeights(text: string): Int8Array {
  // a view of the decoded bytes, not a copy
  const bytes = Buffer.from(text, "base64");
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
