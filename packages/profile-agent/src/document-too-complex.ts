/** Thrown in the document worker for a document past a bound its parse checks itself: answered as `too-complex`. */
export class DocumentTooComplex extends Error {
  override readonly name = "DocumentTooComplex";
}
