// ES2024's resizable ArrayBuffer, which Node 20 and later have; the ES2023 library this repository compiles
// against does not declare it.
interface ResizableArrayBuffer extends ArrayBuffer {
  readonly resizable: boolean;
  resize(byteLength: number): void;
}

const ResizableArrayBuffer = ArrayBuffer as unknown as new (byteLength: number, options: { readonly maxByteLength: number }) => ResizableArrayBuffer;

/** A buffer of `size` bytes whose memory can be given back from its end with {@link shrinkBuffer}. */
export function shrinkableBuffer(size: number): Buffer {
  return Buffer.from(new ResizableArrayBuffer(size, { maxByteLength: size }));
}

/**
 * Gives back the memory of the buffer `bytes` starts from byte `length` on, when it was made by
 * {@link shrinkableBuffer} (any other buffer is left as it is). Views of it that reach past `length`,
 * `bytes` among them, are empty from then on.
 */
export function shrinkBuffer(bytes: Uint8Array, length: number): void {
  const buffer = bytes.buffer as ResizableArrayBuffer;
  if (buffer.resizable === true && bytes.byteOffset === 0 && length < buffer.byteLength) buffer.resize(length);
}
