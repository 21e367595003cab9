// The WebAssembly API is a Node global, absent from the ES libraries this package compiles against.
declare const WebAssembly: {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: object };
  readonly Memory: new (descriptor: { readonly initial: number; readonly maximum: number }) => WasmMemory;
};

/** A module's memory (`env.memory`), in pages of 64 KiB. */
export interface WasmMemory {
  /** Its bytes: a new `ArrayBuffer` after it grows, so views of the old one see nothing. */
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/**
 * Instantiates one of core's WebAssembly modules (shipped as base64 in a `*-wasm.ts` file) with a memory of
 * its own, `initial` to `maximum` pages; `null` where WebAssembly or its SIMD extension is unavailable
 * (`--jitless`): each caller then does its work in JavaScript, or leaves it to its own caller.
 */
export function instantiateWasm<Exports>(base64: string, initial: number, maximum: number): { readonly exports: Exports; readonly memory: WasmMemory } | null {
  try {
    const memory = new WebAssembly.Memory({ initial, maximum });
    const module = new WebAssembly.Module(Buffer.from(base64, "base64"));
    return { exports: new WebAssembly.Instance(module, { env: { memory } }).exports as Exports, memory };
  } catch {
    return null;
  }
}
